import { closestCenter, pointerWithin, type CollisionDetection } from '@dnd-kit/core';

/**
 * Which division box a dragged group lands in. With a mouse or finger it is the box under the
 * pointer, or none: measuring from the centre of the dragged row (the library's default) picks
 * the box to the right of the one the pointer is over, because the grip sits at the row's left
 * end. With the keyboard there is no pointer, so the box nearest the moved row is taken.
 */
export const dropTarget: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args);
