import type { SubjectChoiceGroup } from '@rollbook/contract';
import type { ReactNode } from 'react';
import { groupLabel, visibleGroups } from './group-label';

export interface ChoiceGroupListProps {
  groups: readonly SubjectChoiceGroup[];
  totalStudents: number;
  /** Draws one row; manual mode makes rows draggable. Defaults to a plain row. */
  renderRow?: (group: SubjectChoiceGroup, label: string) => ReactNode;
}

/** A plain row: the group's abbreviated subjects and its student count. */
export function GroupRowContent({ label, count }: { label: string; count: number }) {
  return (
    <>
      <span className="min-w-0 flex-1 font-medium break-words text-slate-900">{label}</span>
      <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-800 tabular-nums">
        {count}
      </span>
    </>
  );
}

/**
 * "Subject Choice Groups" (product spec §2): one row per group of students who chose the same
 * electives, subjects abbreviated to initials, with the group's count; groups with nobody left
 * to place are hidden. "Total Students" sits underneath, with a note when some students never
 * finalised their electives (the server groups them apart).
 */
export function ChoiceGroupList({ groups, totalStudents, renderRow }: ChoiceGroupListProps) {
  const shown = visibleGroups(groups);
  const notChosen = groups.find((group) => group.electives_not_chosen)?.totalCount ?? 0;
  return (
    <section
      aria-labelledby="groups-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="groups-title" className="text-lg font-semibold text-slate-900">
        Subject Choice Groups
      </h2>
      {shown.length === 0 ? <p className="text-sm text-slate-600">Every group has been placed.</p> : null}
      <ul aria-label="Subject Choice Groups" className="flex flex-col gap-2">
        {shown.map((group) => {
          const label = groupLabel(group);
          return (
            <li key={group.slug}>
              {renderRow ? (
                renderRow(group, label)
              ) : (
                <div className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
                  <GroupRowContent label={label} count={group.totalCount} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-sm font-semibold text-slate-800">
        Total Students : <span className="tabular-nums">{totalStudents}</span>
      </p>
      {notChosen > 0 ? (
        <p
          role="note"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {notChosen === 1 ? '1 student has' : `${notChosen} students have`} not finalised their electives:
          they are placed in divisions as students without electives.
        </p>
      ) : null}
    </section>
  );
}
