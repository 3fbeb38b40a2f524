import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { Subject } from '@rollbook/contract';
import { PriorityCard } from './priority-card';

export interface PriorityListProps {
  subjects: readonly Subject[];
  onReorder: (subjects: Subject[]) => void;
}

/**
 * The drag-and-drop priority list (@dnd-kit): pointer and keyboard sensors, so the order can be
 * changed with a mouse, a finger, or Space + arrow keys on a card's handle. Priority is index + 1.
 */
export function PriorityList({ subjects, onReorder }: PriorityListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (to < 0 || to >= subjects.length || from === to) return;
    onReorder(arrayMove([...subjects], from, to));
  };
  const nameOf = (id: UniqueIdentifier) =>
    subjects.find((subject) => subject.slug === id)?.subject_name ?? String(id);
  const priorityOf = (id: UniqueIdentifier) => subjects.findIndex((subject) => subject.slug === id) + 1;
  // Screen readers hear subject names and priorities instead of the library's internal ids.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over priority ${priorityOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at priority ${priorityOf(over.id)}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = subjects.findIndex((subject) => subject.slug === active.id);
    const to = subjects.findIndex((subject) => subject.slug === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={subjects.map((subject) => subject.slug)} strategy={verticalListSortingStrategy}>
        <ol aria-label="Subject priorities" className="flex flex-col gap-2">
          {subjects.map((subject, index) => (
            <PriorityCard
              key={subject.slug}
              subject={subject}
              priority={index + 1}
              isFirst={index === 0}
              isLast={index === subjects.length - 1}
              onMove={(offset) => move(index, index + offset)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
