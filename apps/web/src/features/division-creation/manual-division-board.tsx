import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { SubjectChoiceGroup } from '@rollbook/contract';
import { GripVertical, X } from 'lucide-react';
import { useId, useState } from 'react';
import { cx } from '../../lib/cx';
import { ChoiceGroupList, GroupRowContent } from './choice-group-list';
import { dropTarget } from './drop-target';
import { groupLabel } from './group-label';
import {
  addGroup,
  availableCount,
  divisionSize,
  removeGroup,
  setGroupCount,
  type ManualDivision,
} from './manual-divisions';

interface DraggableGroupProps {
  group: SubjectChoiceGroup;
  label: string;
  divisionIds: readonly string[];
  onAdd: (divisionId: string) => void;
}

/**
 * A group row that can be dragged into a division box (mouse, touch, or Space and arrow keys on
 * the grip), with a select that does the same in one step for keyboard and screen-reader users.
 */
function DraggableGroup({ group, label, divisionIds, onAdd }: DraggableGroupProps) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: group.slug });
  const selectId = useId();
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cx(
        'flex flex-wrap items-center gap-3 rounded-lg border bg-white px-3 py-2',
        isDragging ? 'relative z-10 border-brand-600 shadow-lg' : 'border-slate-200',
      )}
    >
      <button
        type="button"
        aria-label={`Drag ${label}`}
        className="cursor-grab touch-none rounded-md p-1 text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600"
        {...attributes}
        {...listeners}
      >
        <GripVertical className="size-5" aria-hidden />
      </button>
      <GroupRowContent label={label} count={group.availableCount} />
      <label htmlFor={selectId} className="sr-only">
        Add {label} to
      </label>
      <select
        id={selectId}
        value=""
        onChange={(event) => event.target.value && onAdd(event.target.value)}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm focus:outline-2 focus:outline-brand-600"
      >
        <option value="">Add to…</option>
        {divisionIds.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A share's count: an empty or half-typed field is allowed while editing, and every complete
 * number is applied clamped and shown as applied at once (typing -5 shows 0, never a count below 0).
 */
function CountInput({
  label,
  count,
  onCount,
}: {
  label: string;
  count: number;
  onCount: (count: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      type="number"
      min={0}
      inputMode="numeric"
      aria-label={label}
      value={draft ?? String(count)}
      onChange={(event) => {
        const typed = event.target.valueAsNumber;
        if (Number.isFinite(typed)) {
          setDraft(null);
          onCount(typed);
        } else {
          setDraft(event.target.value);
        }
      }}
      onBlur={() => setDraft(null)}
      className="h-8 w-20 rounded-md border border-slate-300 bg-white px-2 text-right text-sm tabular-nums focus:outline-2 focus:outline-brand-600"
    />
  );
}

interface DivisionBoxProps {
  division: ManualDivision;
  groupsById: ReadonlyMap<string, SubjectChoiceGroup>;
  onCount: (groupId: string, count: number) => void;
  onRemove: (groupId: string) => void;
}

/** A numbered drop box: its groups, each with a count that never goes below 0, and its size. */
function DivisionBox({ division, groupsById, onCount, onRemove }: DivisionBoxProps) {
  const { setNodeRef, isOver } = useDroppable({ id: division.id });
  return (
    <section
      ref={setNodeRef}
      aria-label={division.id}
      className={cx(
        'flex min-h-36 flex-col gap-2 rounded-2xl border-2 border-dashed p-4',
        isOver ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
      )}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{division.id}</h3>
        <p className="text-sm text-slate-700">Students - {divisionSize(division)}</p>
      </div>
      {division.groups.length === 0 ? (
        <p className="text-sm text-slate-500">Drop subject groups here</p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {division.groups.map((share) => {
          const group = groupsById.get(share.groupId);
          const label = group ? groupLabel(group) : share.groupId;
          return (
            <li key={share.groupId} className="flex items-center gap-2 rounded-lg bg-slate-50 px-2 py-1.5">
              <span className="min-w-0 flex-1 text-sm font-medium break-words text-slate-900">{label}</span>
              <CountInput
                label={`${label} count in ${division.id}`}
                count={share.count}
                onCount={(count) => onCount(share.groupId, count)}
              />
              <button
                type="button"
                aria-label={`Remove ${label} from ${division.id}`}
                onClick={() => onRemove(share.groupId)}
                className="rounded-md p-1 text-slate-500 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export interface ManualDivisionBoardProps {
  groups: readonly SubjectChoiceGroup[];
  totalStudents: number;
  divisions: ManualDivision[];
  onChange: (divisions: ManualDivision[]) => void;
}

/**
 * Manual mode (product spec §2): the subject choice groups are dragged from the list into
 * numbered boxes division-1, division-2, …; only drops from the list into a box count. The list
 * shows what each group still has to place, and a group fully placed leaves it.
 */
export function ManualDivisionBoard({
  groups,
  totalStudents,
  divisions,
  onChange,
}: ManualDivisionBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );
  const groupsById = new Map(groups.map((group) => [group.slug, group]));
  const remaining = groups.map((group) => ({ ...group, availableCount: availableCount(group, divisions) }));
  const divisionIds = divisions.map((division) => division.id);
  const labelOf = (id: UniqueIdentifier) => {
    const group = groupsById.get(String(id));
    return group ? groupLabel(group) : String(id);
  };
  const add = (divisionId: string, groupId: string) => {
    const group = groupsById.get(groupId);
    if (group) onChange(addGroup(divisions, divisionId, group));
  };
  // Screen readers hear group labels and box names instead of the library's internal ids.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${labelOf(active.id)} is over ${String(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} dropped into ${String(over.id)}.`
        : `${labelOf(active.id)} was not dropped.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (over && divisionIds.includes(String(over.id))) add(String(over.id), String(active.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dropTarget}
      onDragEnd={dragEnd}
      accessibility={{ announcements }}
    >
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ChoiceGroupList
          groups={remaining}
          totalStudents={totalStudents}
          renderRow={(group, label) => (
            <DraggableGroup
              group={group}
              label={label}
              divisionIds={divisionIds}
              onAdd={(id) => add(id, group.slug)}
            />
          )}
        />
        <div className="grid content-start gap-4 sm:grid-cols-2">
          {divisions.map((division) => (
            <DivisionBox
              key={division.id}
              division={division}
              groupsById={groupsById}
              onCount={(groupId, count) => {
                const group = groupsById.get(groupId);
                if (group) onChange(setGroupCount(divisions, division.id, group, count));
              }}
              onRemove={(groupId) => onChange(removeGroup(divisions, division.id, groupId))}
            />
          ))}
        </div>
      </div>
    </DndContext>
  );
}
