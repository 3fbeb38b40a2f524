import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import {
  CLASSROOM_RADIUS_LIMITS_M,
  ClassroomBodySchema,
  type CampusPoint,
  type ClassroomKind,
  type InstitutionBranch,
  type InstitutionClassroom,
} from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CoordinateInputs } from '../../components/ui/coordinate-inputs';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api/api-error';
import { checkBody, serverFieldErrors, type FieldErrors } from '../../lib/api/field-issues';
import { textFieldBinder } from '../../lib/forms/text-field';
import { useCreateClassroomMutation, useUpdateClassroomMutation } from './classrooms-api';
import {
  bodyFromClassroomForm,
  CLASSROOM_FIELD_OF_PATH,
  distanceText,
  emptyClassroomForm,
  formFromClassroom,
  type ClassroomForm,
} from './classroom-form-values';

type FormErrors = Partial<Record<keyof ClassroomForm, string>>;

function formErrorsOf(errors: FieldErrors): FormErrors {
  const byField: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    // A list entry's problem (`branch_codes.0`) belongs to the list's field.
    const field = CLASSROOM_FIELD_OF_PATH[path] ?? CLASSROOM_FIELD_OF_PATH[path.split('.')[0] ?? ''];
    if (field && message) byField[field] ??= message;
  }
  return byField;
}

const KINDS: readonly { value: ClassroomKind; label: string }[] = [
  { value: 'classroom', label: 'Classroom' },
  { value: 'lab', label: 'Lab' },
];

export interface ClassroomDialogProps {
  /** The room being edited; absent to add one. */
  room?: InstitutionClassroom;
  branches: readonly InstitutionBranch[];
  campus: CampusPoint | null;
  onClose: () => void;
}

/**
 * Adds or edits a classroom: labelled fields checked with the server's own rules before sending,
 * the server's refusal shown in the dialog, and a warning toast when the saved room lies far from
 * the campus point.
 */
export function ClassroomDialog({ room, branches, campus, onClose }: ClassroomDialogProps) {
  const [form, setForm] = useState<ClassroomForm>(() =>
    room ? formFromClassroom(room) : emptyClassroomForm(campus),
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [create, creating] = useCreateClassroomMutation();
  const [update, updating] = useUpdateClassroomMutation();
  const busy = creating.isLoading || updating.isLoading;
  const kindId = useId();
  const branchesHintId = useId();
  const branchesErrorId = useId();
  const kindErrorId = useId();

  function set<K extends keyof ClassroomForm>(key: K, value: ClassroomForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }
  const field = textFieldBinder(form, errors, set);

  function toggleBranch(code: string, on: boolean) {
    set('branchCodes', on ? [...form.branchCodes, code] : form.branchCodes.filter((c) => c !== code));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const checked = checkBody(ClassroomBodySchema, bodyFromClassroomForm(form));
    if (!checked.ok) {
      setErrors(formErrorsOf(checked.errors));
      return;
    }
    setErrors({});
    const result = room ? await update({ slug: room.slug, body: checked.body }) : await create(checked.body);
    if (result.error) {
      setErrors(formErrorsOf(serverFieldErrors(result.error)));
      setServerError(errorText(result.error, 'The classroom could not be saved'));
      return;
    }
    const saved = result.data;
    toast.success(`${saved.name} saved`);
    if (saved.far_from_campus && saved.distance_m !== null) {
      toast.warning(
        `${saved.name} is ${distanceText(saved.distance_m)} from the campus point: check the coordinates`,
      );
    }
    onClose();
  }

  const title = room ? `Edit ${room.name}` : 'Add classroom';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description="Its point and radius are the attendance geofence of lectures held in it."
      className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
          <Input label="Name" autoComplete="off" {...field('name')} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={kindId} className="text-sm font-medium text-slate-700">
              Kind
            </label>
            <select
              id={kindId}
              value={form.kind}
              onChange={(e) => set('kind', e.target.value as ClassroomKind)}
              aria-invalid={errors.kind ? true : undefined}
              aria-describedby={errors.kind ? kindErrorId : undefined}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
            >
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
            {errors.kind ? (
              <p id={kindErrorId} className="text-sm text-red-600">
                {errors.kind}
              </p>
            ) : null}
          </div>
          <CoordinateInputs
            latitude={form.latitude}
            longitude={form.longitude}
            onChange={set}
            errors={errors}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label="Radius (m)"
              hint={`${CLASSROOM_RADIUS_LIMITS_M.min} to ${CLASSROOM_RADIUS_LIMITS_M.max} metres.`}
              inputMode="numeric"
              {...field('radius')}
            />
            <Input
              label="Capacity"
              hint="Seats; empty when unknown."
              inputMode="numeric"
              {...field('capacity')}
            />
          </div>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={[branchesHintId, errors.branchCodes ? branchesErrorId : null]
              .filter(Boolean)
              .join(' ')}
          >
            <legend className="text-sm font-medium text-slate-700">Branches</legend>
            <p id={branchesHintId} className="text-xs text-slate-500">
              Whose lectures may use the room. None ticked: every branch.
            </p>
            {branches.map((branch) => (
              <label key={branch.slug} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={form.branchCodes.includes(branch.branch_code)}
                  onChange={(e) => toggleBranch(branch.branch_code, e.target.checked)}
                  className="size-4 accent-brand-600"
                />
                {branch.branch_name} ({branch.branch_code})
              </label>
            ))}
            {errors.branchCodes ? (
              <p id={branchesErrorId} className="text-sm text-red-600">
                {errors.branchCodes}
              </p>
            ) : null}
          </fieldset>
        </fieldset>
        {serverError ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {serverError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : room ? 'Save changes' : 'Add classroom'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
