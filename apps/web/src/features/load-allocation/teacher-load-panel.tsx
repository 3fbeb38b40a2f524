import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/side-panel';
import {
  changeHours,
  freeHoursOf,
  isEdited,
  kindLabel,
  moveHours,
  remainingOf,
  stepOf,
  teacherLoadRows,
  type TeacherLine,
} from './allocation-model';
import type { Editing } from './editing';
import { HoursSelect } from './hours-select';
import { HoursStepper } from './hours-stepper';
import { TeacherPicker } from './teacher-picker';
import { WeeklyMaximumForm } from './weekly-maximum-form';

function MoveForm({ editing, line, from }: { editing: Editing; line: TeacherLine; from: string }) {
  const [to, setTo] = useState('');
  const [hours, setHours] = useState('');
  // Moved hours come out of what the teacher holds: an odd amount includes a 1-hour block.
  const step = stepOf(line.kind, line.hours);
  const max = to ? Math.min(line.hours, freeHoursOf(editing.allocation, to)) : line.hours;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    editing.apply(moveHours(editing.allocation, line, from, to, Number(hours)));
    setTo('');
    setHours('');
  };
  return (
    <form
      aria-label={`Move ${kindLabel(line.kind)} hours of ${line.subjectName}`}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2"
    >
      <TeacherPicker
        editing={editing}
        line={line}
        minHours={step}
        exclude={from}
        label="Move to"
        value={to}
        onChange={setTo}
      />
      <HoursSelect step={step} max={max} value={hours} onChange={setHours} />
      <Button type="submit" variant="secondary" disabled={!to || !hours}>
        Move
      </Button>
    </form>
  );
}

/**
 * One teacher's load (the Allocated table's Edit): each subject and kind they teach with − / +
 * (within the unallocated hours and the teacher's free hours) and a form moving hours to another
 * teacher who has them free.
 */
export function TeacherLoadPanel({
  editing,
  teacherSlug,
  onClose,
  onMaximumSaved,
}: {
  editing: Editing;
  teacherSlug: string | null;
  onClose: () => void;
  onMaximumSaved: () => void;
}) {
  const row = teacherLoadRows(editing.allocation).find((candidate) => candidate.teacher.slug === teacherSlug);
  const entry = editing.allocation.roster.find((candidate) => candidate.teacher.slug === teacherSlug);
  const name = row?.teacher.profile.name ?? '';
  return (
    <SidePanel
      open={row !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Load of ${name}`}
    >
      {row ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">
            {row.total} h allocated, {row.freeHours} of {row.maxHours} h free.
          </p>
          {entry ? (
            <WeeklyMaximumForm
              key={`${entry.teacher.slug}-${entry.setting?.hours ?? ''}`}
              entry={entry}
              edited={isEdited(editing.allocation)}
              onSaved={onMaximumSaved}
            />
          ) : null}
          {row.lines.length === 0 ? <p className="text-sm text-slate-600">No hours allocated.</p> : null}
          <ul className="flex flex-col gap-3">
            {row.lines.map((line) => {
              const removeStep = stepOf(line.kind, line.hours);
              const remaining = remainingOf(editing.allocation, line);
              const addStep = stepOf(line.kind, remaining);
              const label = `${kindLabel(line.kind)} hours of ${line.subjectName}`;
              return (
                <li
                  key={`${line.subject}-${line.kind}`}
                  aria-label={`${line.subjectName} ${kindLabel(line.kind)}`}
                  className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3"
                >
                  <div className="flex items-center justify-between gap-2">
                    <div>
                      <p className="font-medium text-slate-900">{line.subjectName}</p>
                      <p className="text-xs text-slate-500">
                        {kindLabel(line.kind)} · {remaining} h unallocated
                      </p>
                    </div>
                    <HoursStepper
                      hours={line.hours}
                      canRemove={line.hours >= removeStep}
                      canAdd={remaining >= addStep && row.freeHours >= addStep}
                      lessLabel={`Fewer ${label}`}
                      moreLabel={`More ${label}`}
                      onLess={() =>
                        editing.apply(changeHours(editing.allocation, line, row.teacher.slug, -removeStep))
                      }
                      onMore={() =>
                        editing.apply(changeHours(editing.allocation, line, row.teacher.slug, addStep))
                      }
                    />
                  </div>
                  <MoveForm editing={editing} line={line} from={row.teacher.slug} />
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </SidePanel>
  );
}
