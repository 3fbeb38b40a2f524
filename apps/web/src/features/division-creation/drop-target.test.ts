import type { ClientRect, DroppableContainer } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { dropTarget } from './drop-target';

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

// Two boxes side by side, as on a wide screen.
const boxes = new Map([
  ['division-1', rect(540, 230, 330, 140)],
  ['division-2', rect(885, 230, 330, 140)],
]);
const containers = [...boxes.keys()].map((id) => ({ id }) as unknown as DroppableContainer);

/** A 410 px wide group row dragged by its grip (at its left end) so the grip sits at `grip`. */
function drop(grip: { x: number; y: number } | null, rowLeft: number) {
  const collisions = dropTarget({
    active: {} as never,
    collisionRect: rect(rowLeft, 280, 410, 50),
    droppableRects: boxes,
    droppableContainers: containers,
    pointerCoordinates: grip,
  });
  return collisions[0]?.id ?? null;
}

describe('dropTarget', () => {
  it('drops into the box under the pointer, even when most of the dragged row hangs over the next box', () => {
    expect(drop({ x: 705, y: 300 }, 680)).toBe('division-1');
    expect(drop({ x: 1000, y: 300 }, 975)).toBe('division-2');
  });

  it('drops nowhere when the pointer is over no box', () => {
    expect(drop({ x: 300, y: 300 }, 275)).toBeNull();
  });

  it('takes the box nearest the moved row when dragging with the keyboard (no pointer)', () => {
    expect(drop(null, 500)).toBe('division-1');
    expect(drop(null, 850)).toBe('division-2');
  });
});
