import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/side-panel';
import {
  changeHours,
  freeHoursOf,
  kindLabel,
  stepOf,
  subjectStates,
  type SubjectKindState,
} from './allocation-model';
import type { Editing } from './editing';
import { HoursSelect } from './hours-select';
import { HoursStepper } from './hours-stepper';
import { TeacherPicker } from './teacher-picker';

function AssignForm({
  editing,
  kind,
  subjectName,
}: {
  editing: Editing;
  kind: SubjectKindState;
  subjectName: string;
}) {
  const [teacher, setTeacher] = useState('');
  const [hours, setHours] = useState('');
  const step = stepOf(kind.kind, kind.remainingHours);
  const max = teacher
    ? Math.min(kind.remainingHours, freeHoursOf(editing.allocation, teacher))
    : kind.remainingHours;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    editing.apply(changeHours(editing.allocation, kind, teacher, Number(hours)));
    setTeacher('');
    setHours('');
  };
  return (
    <form
      aria-label={`Allocate ${kindLabel(kind.kind)} hours of ${subjectName}`}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2"
    >
      <TeacherPicker
        editing={editing}
        line={kind}
        minHours={step}
        label="Teacher"
        value={teacher}
        onChange={setTeacher}
      />
      <HoursSelect step={step} max={max} value={hours} onChange={setHours} />
      <Button type="submit" variant="secondary" disabled={!teacher || !hours}>
        Allocate
      </Button>
    </form>
  );
}

/**
 * One subject (the Non-Allocated table's Allocate): per kind of teaching, its unallocated hours,
 * who teaches it with − / +, and a form giving unallocated hours to a teacher with free hours.
 */
export function SubjectPanel({
  editing,
  subjectSlug,
  onClose,
}: {
  editing: Editing;
  subjectSlug: string | null;
  onClose: () => void;
}) {
  const subject = subjectStates(editing.allocation).find((candidate) => candidate.slug === subjectSlug);
  return (
    <SidePanel
      open={subject !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Allocate ${subject?.name ?? ''}`}
    >
      {subject ? (
        <ul className="flex flex-col gap-4">
          {subject.kinds.map((kind) => {
            // An odd practical hour left (or held) moves by 1, the rest in 2-hour blocks.
            const addStep = stepOf(kind.kind, kind.remainingHours);
            const label = kindLabel(kind.kind);
            return (
              <li
                key={kind.kind}
                aria-label={label}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3"
              >
                <p className="font-medium text-slate-900">
                  {label}: {kind.remainingHours} of {kind.totalHours} h unallocated
                </p>
                <ul className="flex flex-col gap-1">
                  {kind.teachers.map((share) => {
                    const removeStep = stepOf(kind.kind, share.hours);
                    return (
                      <li
                        key={share.teacher.slug}
                        className="flex items-center justify-between gap-2 text-sm"
                      >
                        <span>{share.teacher.profile.name}</span>
                        <HoursStepper
                          hours={share.hours}
                          canRemove={share.hours >= removeStep}
                          canAdd={
                            kind.remainingHours >= addStep &&
                            freeHoursOf(editing.allocation, share.teacher.slug) >= addStep
                          }
                          lessLabel={`Fewer ${label} hours for ${share.teacher.profile.name}`}
                          moreLabel={`More ${label} hours for ${share.teacher.profile.name}`}
                          onLess={() =>
                            editing.apply(
                              changeHours(editing.allocation, kind, share.teacher.slug, -removeStep),
                            )
                          }
                          onMore={() =>
                            editing.apply(changeHours(editing.allocation, kind, share.teacher.slug, addStep))
                          }
                        />
                      </li>
                    );
                  })}
                </ul>
                {kind.remainingHours >= addStep ? (
                  <AssignForm editing={editing} kind={kind} subjectName={subject.name} />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </SidePanel>
  );
}
