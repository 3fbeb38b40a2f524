import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Subject } from '@rollbook/contract';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { cx } from '../../lib/cx';

export interface PriorityCardProps {
  subject: Subject;
  priority: number;
  isFirst: boolean;
  isLast: boolean;
  onMove: (offset: -1 | 1) => void;
}

const MOVE_BUTTON =
  'rounded-md p-1 text-slate-600 hover:bg-slate-100 disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * One sortable subject of the priority slide-over: "Priority - n", stream code, subject code,
 * category, semester and a "Non-Tech." tag. The grip is the drag handle (mouse, touch or Space and
 * arrow keys); the arrow buttons move the card one place for anyone who prefers not to drag.
 */
export function PriorityCard({ subject, priority, isFirst, isLast, onMove }: PriorityCardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: subject.slug,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={`${subject.subject_name}, Priority - ${priority}`}
      className={cx(
        'flex items-center gap-3 rounded-xl border bg-white p-3 shadow-sm',
        isDragging ? 'z-10 border-brand-600 shadow-lg' : 'border-slate-200',
      )}
    >
      <button
        type="button"
        aria-label={`Drag ${subject.subject_name}`}
        className="cursor-grab touch-none rounded-md p-1 text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600"
        {...attributes}
        {...listeners}
      >
        <GripVertical className="size-5" aria-hidden />
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">Priority - {priority}</Badge>
          {subject.is_technical === false ? <Badge tone="warning">Non-Tech.</Badge> : null}
        </div>
        <p className="font-medium text-slate-900">{subject.subject_name}</p>
        <p className="text-xs text-slate-600">
          Stream {subject.stream_code} · Code {subject.subject_code} · {subject.category} · Sem{' '}
          {subject.sem_year}
        </p>
      </div>
      <div className="flex flex-col">
        <button
          type="button"
          aria-label={`Move ${subject.subject_name} up`}
          disabled={isFirst}
          onClick={() => onMove(-1)}
          className={MOVE_BUTTON}
        >
          <ArrowUp className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          aria-label={`Move ${subject.subject_name} down`}
          disabled={isLast}
          onClick={() => onMove(1)}
          className={MOVE_BUTTON}
        >
          <ArrowDown className="size-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}
