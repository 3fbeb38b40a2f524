import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { TEACHER_MAX_HOURS_LIMIT } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import type { RosterTeacher } from './allocation-model';
import { useSetTeacherMaxHoursMutation } from './allocation-api';
import { ALLOCATION_TEXT } from './allocation-text';
import { errorText } from '../../lib/api/api-error';

const LIMIT = TEACHER_MAX_HOURS_LIMIT;

/**
 * Why a typed maximum is not acceptable, or null: the server's rule (set_teacher_max_hours/), whole
 * hours up to the limit and never below the teacher's confirmed load (`floor`), in its words.
 */
export function maximumProblem(text: string, floor = 0, teacherName = 'This teacher'): string | null {
  const hours = Number(text);
  if (text.trim() === '' || !Number.isInteger(hours) || hours < 0 || hours > LIMIT)
    return `The maximum must be a whole number of hours from ${floor} to ${LIMIT}`;
  if (hours < floor)
    return `${teacherName} already has ${floor} h of confirmed load a week: choose at least ${floor} h, or reset that allocation first`;
  return null;
}

/**
 * A teacher's weekly maximum (a Rollbook addition to the contract): set it, or go back to the
 * institution's default. The server redoes an unconfirmed proposal afterwards, so `onSaved`
 * reloads it (and local changes that were not confirmed are lost, as the note says).
 */
export function WeeklyMaximumForm({
  entry,
  edited,
  onSaved,
}: {
  entry: RosterTeacher;
  edited: boolean;
  onSaved: () => void;
}) {
  const setting = entry.setting;
  const [text, setText] = useState(setting ? String(setting.hours) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useSetTeacherMaxHoursMutation();
  if (!setting) return null;

  const send = async (maxHours: number | null) => {
    const result = await save({ teacher_slug: entry.teacher.slug, max_hours: maxHours });
    if ('error' in result) return setProblem(errorText(result.error, ALLOCATION_TEXT.maximumFailed));
    setProblem(null);
    setText(String(result.data.max_hours));
    toast.success(ALLOCATION_TEXT.maximumSaved);
    onSaved();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Named as the server names the teacher in its refusal: the name, else the code.
    const found = maximumProblem(
      text,
      setting.floor,
      entry.teacher.profile.name || entry.teacher.teacher_code,
    );
    setProblem(found);
    if (!found) void send(Number(text));
  };
  return (
    <form
      aria-label="Weekly maximum"
      // Our own message (linked to the field) instead of the browser's bubble.
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3"
    >
      <div className="flex flex-wrap items-end gap-2">
        <Input
          label="Weekly maximum (hours)"
          type="number"
          inputMode="numeric"
          min={setting.floor}
          max={LIMIT}
          hint={`Whole hours, ${setting.floor} to ${LIMIT}`}
          step={1}
          value={text}
          error={problem}
          onChange={(event) => setText(event.target.value)}
          className="w-28"
        />
        <Button type="submit" variant="secondary" disabled={saving.isLoading}>
          Save maximum
        </Button>
        {setting.isDefault ? null : (
          <Button variant="ghost" disabled={saving.isLoading} onClick={() => void send(null)}>
            Use default
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-500">
        {setting.isDefault ? 'The institution default applies.' : 'Set for this teacher.'}{' '}
        {edited ? ALLOCATION_TEXT.maximumRedoes : null}
      </p>
    </form>
  );
}
