import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import {
  CORRECTION_WINDOW_MAX_DAYS,
  EXCUSED_COUNTS_AS,
  EXCUSED_COUNTS_AS_LABELS,
  RECORDING_RETENTION_LIMITS_DAYS,
  SYLLABUS_CODE_PLACEHOLDER,
  TONE_BAND_LIMITS_HZ,
  syllabusTemplateProblem,
  syllabusUrlFromTemplate,
  UpdateInstitutionSettingsBodySchema,
  type InstitutionSettings,
} from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { CoordinateInputs } from '../../components/ui/coordinate-inputs';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { checkBody, serverFieldErrors, type FieldErrors } from '../../lib/api/field-issues';
import { textFieldBinder, type BoundTextField } from '../../lib/forms/text-field';
import { PageTitle } from '../../lib/page-title';
import {
  useInstitutionSettingsQuery,
  useUpdateInstitutionSettingsMutation,
} from './institution-settings-api';
import { bodyFromForm, FIELD_OF_PATH, formFromSettings, type SettingsForm } from './settings-form-values';
import { SettingCheckbox } from './setting-checkbox';
import { knownTimeZones } from './time-zones';

const SAVED = 'Institution settings saved';
const FIX_FIELDS = 'Please correct the fields marked below.';
const SAMPLE_CODE = '3150703';

type FormErrors = Partial<Record<keyof SettingsForm, string>>;

/** Body paths' problems moved onto the form's fields (the first problem of each field wins). */
function formErrorsOf(errors: FieldErrors): FormErrors {
  const byField: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = FIELD_OF_PATH[path];
    if (field && message) byField[field] ??= message;
  }
  return byField;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** One margin of the session start window: empty falls back to the server's own setting. */
function MarginMinutesInput({
  label,
  serverMinutes,
  field,
}: {
  label: string;
  serverMinutes: number;
  field: BoundTextField;
}) {
  return (
    <Input
      label={label}
      hint={`Empty: the server's setting (${serverMinutes} minute${serverMinutes === 1 ? '' : 's'}).`}
      inputMode="numeric"
      placeholder={String(serverMinutes)}
      {...field}
    />
  );
}

/**
 * The settings form: every setting of the institution, checked beside each field with the same
 * rules the server applies; the server's own refusal is shown too (never swallowed).
 */
function SettingsEditor({ settings }: { settings: InstitutionSettings }) {
  const [form, setForm] = useState<SettingsForm>(() => formFromSettings(settings));
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [save, { isLoading }] = useUpdateInstitutionSettingsMutation();
  const readOnly = !settings.editable;
  const zones = knownTimeZones();

  function set<K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setSaved(false);
  }
  const field = textFieldBinder(form, errors, set);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    setSaved(false);
    const checked = checkBody(UpdateInstitutionSettingsBodySchema, bodyFromForm(form));
    if (!checked.ok) {
      setErrors(formErrorsOf(checked.errors));
      return;
    }
    setErrors({});
    const result = await save(checked.body);
    if (result.error) {
      setErrors(formErrorsOf(serverFieldErrors(result.error)));
      setServerError(errorText(result.error, 'The settings could not be saved'));
      return;
    }
    setForm(formFromSettings(result.data));
    setSaved(true);
    toast.success(SAVED);
  }

  const template = form.syllabusTemplate.trim();
  const example =
    template !== '' && syllabusTemplateProblem(template) === null
      ? syllabusUrlFromTemplate(template, SAMPLE_CODE)
      : null;
  const hasErrors = Object.values(errors).some(Boolean);

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
      {readOnly ? (
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Only an institution admin can change these settings. You can read them.
        </p>
      ) : null}
      {/* A disabled fieldset disables every field inside at once for a reader. */}
      <fieldset disabled={readOnly || isLoading} className="flex min-w-0 flex-col gap-5">
        <Section title="Institution">
          <Input label="Name" autoComplete="organization" {...field('name')} />
          <p className="text-sm text-slate-700">
            Code: <span className="font-medium text-slate-900">{settings.code}</span>
          </p>
          <Input
            label="Time zone"
            hint="An IANA time zone such as Asia/Kolkata: lecture times and deadlines are in this zone."
            {...field('timeZone')}
            list="institution-time-zones"
            autoComplete="off"
            spellCheck={false}
          />
          <datalist id="institution-time-zones">
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </Section>

        <Section title="Campus point">
          <p className="text-sm text-slate-600">
            The point every classroom is checked against. Leave both empty for none.
          </p>
          <CoordinateInputs
            latitude={form.latitude}
            longitude={form.longitude}
            onChange={set}
            errors={errors}
            withRanges
          />
        </Section>

        <Section title="Session start window">
          <SettingCheckbox
            id="always-open"
            label="Always open: teachers may start a lecture's session at any hour of its day"
            error={errors.alwaysOpen}
            checked={form.alwaysOpen}
            onChange={(on) => set('alwaysOpen', on)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <MarginMinutesInput
              label="Minutes before the lecture starts"
              serverMinutes={settings.server_session_start_early_minutes}
              field={field('earlyMinutes')}
            />
            <MarginMinutesInput
              label="Minutes after the lecture ends"
              serverMinutes={settings.server_session_start_late_minutes}
              field={field('lateMinutes')}
            />
          </div>
        </Section>

        <Section title="Attendance">
          <Input
            label="Attendance threshold (%)"
            hint="Reports hold students to this percentage, from 1 to 100."
            inputMode="numeric"
            {...field('threshold')}
          />
          <Input
            label="Correction window (days)"
            hint={`How many days after a session its teacher may still correct a mark, from 0 to ${CORRECTION_WINDOW_MAX_DAYS}. Branch admins may correct at any time.`}
            inputMode="numeric"
            value={form.correctionWindowDays}
            onChange={(e) => set('correctionWindowDays', e.target.value)}
            error={errors.correctionWindowDays}
          />
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={
              errors.excusedCountsAs ? 'excused-counts-hint excused-counts-error' : 'excused-counts-hint'
            }
          >
            <legend className="text-sm font-medium text-slate-700">Excused absences</legend>
            <p id="excused-counts-hint" className="text-xs text-slate-500">
              How leave, on-duty and medical absences count in attendance percentages.
            </p>
            {EXCUSED_COUNTS_AS.map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="excused-counts-as"
                  value={choice}
                  checked={form.excusedCountsAs === choice}
                  onChange={() => set('excusedCountsAs', choice)}
                  aria-invalid={errors.excusedCountsAs ? true : undefined}
                  className="size-4 accent-brand-600"
                />
                {EXCUSED_COUNTS_AS_LABELS[choice]}
              </label>
            ))}
            {errors.excusedCountsAs ? (
              <p id="excused-counts-error" className="text-sm text-red-600">
                {errors.excusedCountsAs}
              </p>
            ) : null}
          </fieldset>
          <Input
            label="Detention notice date"
            hint="Admins receive their branch's detention list before this date. Empty: no notice."
            type="date"
            value={form.detentionNoticeDate}
            onChange={(e) => set('detentionNoticeDate', e.target.value)}
            error={errors.detentionNoticeDate}
          />
        </Section>

        <Section title="Privacy">
          <Input
            label="Keep recordings and exact positions (days)"
            hint={`Students' raw recordings and exact positions are deleted after this many days, from ${RECORDING_RETENTION_LIMITS_DAYS.min} to ${RECORDING_RETENTION_LIMITS_DAYS.max}. Verdicts, metrics and distances stay.`}
            inputMode="numeric"
            value={form.retentionDays}
            onChange={(e) => set('retentionDays', e.target.value)}
            error={errors.retentionDays}
          />
        </Section>

        <Section title="Proof of presence">
          <p className="text-sm text-slate-600">
            The session tone's band, in hertz. Empty: the server's {settings.server_tone_band.low_hz}-
            {settings.server_tone_band.high_hz} Hz. Use 16000-19000 when teachers' laptop speakers are weak or
            students' phones miss the highest sounds. Between {TONE_BAND_LIMITS_HZ.min} and{' '}
            {TONE_BAND_LIMITS_HZ.max} Hz, at least {TONE_BAND_LIMITS_HZ.minWidthHz} Hz wide; sessions started
            after saving use it.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Input label="Tone band from (Hz)" inputMode="numeric" {...field('toneBandLow')} />
            <Input label="Tone band to (Hz)" inputMode="numeric" {...field('toneBandHigh')} />
          </div>
          <SettingCheckbox
            id="two-way-check"
            label="Two-way check: students' phones answer with a short sound the teacher's microphone must hear"
            hint="Stops a friend in the room relaying it over a call. Only the Rollbook web app plays the answer: marks from other apps go to the teacher's review. While it is on, sessions play their tone at most up to 19 kHz (a higher band is moved down, same width) and the answer just above it, so teachers' microphones must hear up to about 20.5 kHz; a teacher whose microphone cannot is told at the session's start, and marks there are checked without it (each mark says so) unless it is required (below)."
            error={errors.twoWayCheck}
            checked={form.twoWayCheck}
            onChange={(on) => {
              set('twoWayCheck', on);
              // Off turns the requirement off too (as the server does): ticking it again starts clean.
              if (!on) set('twoWayCheckRequired', false);
            }}
          />
          <SettingCheckbox
            id="two-way-required"
            label="Require the two-way check"
            hint="Where a teacher's microphone cannot hear the answer, or a teacher uses another app than the Rollbook web app (which cannot measure it), every mark that passes the other checks goes to the teacher's review instead of being accepted without it: a relay over a call is then never accepted on its own, but such teachers review their whole class. Needs the two-way check on."
            error={errors.twoWayCheckRequired}
            checked={form.twoWayCheck && form.twoWayCheckRequired}
            disabled={!form.twoWayCheck}
            onChange={(on) => set('twoWayCheckRequired', on)}
          />
          <SettingCheckbox
            id="review-untimed-tone"
            label="Send marks the session tone cannot time to the teacher's review"
            hint="Where Rollbook cannot observe when the session tone plays (sessions run from the original app on a phone; from the original web app until its tone is heard in the teacher's microphone; from the Rollbook web app only in its first moments, before the teacher's device reports its clock), a mark rests on the room's sound, which a phone call from the room can also carry. On: each such mark waits for the teacher's review instead of being accepted, so teachers on the original app review their whole class."
            error={errors.reviewUntimedTone}
            checked={form.reviewUntimedTone}
            onChange={(on) => set('reviewUntimedTone', on)}
          />
        </Section>

        <Section title="Syllabus links">
          <Input
            label="Syllabus URL"
            hint={`A https address with ${SYLLABUS_CODE_PLACEHOLDER} where the subject code goes. Subjects with their own link in the catalogue keep it. Empty: no syllabus links.`}
            type="url"
            inputMode="url"
            placeholder={`https://university.example/syllabus/${SYLLABUS_CODE_PLACEHOLDER}.pdf`}
            {...field('syllabusTemplate')}
            spellCheck={false}
          />
          {example ? (
            <p className="text-sm break-all text-slate-600">
              Subject {SAMPLE_CODE} would link to{' '}
              <span className="font-medium text-slate-900">{example}</span>
            </p>
          ) : null}
        </Section>
      </fieldset>

      {hasErrors && !serverError ? (
        <p role="alert" className="text-sm text-red-700">
          {FIX_FIELDS}
        </p>
      ) : null}
      {serverError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {serverError}
        </p>
      ) : null}
      <div role="status" className="text-sm font-medium text-emerald-700">
        {saved ? `${SAVED}.` : null}
      </div>
      {readOnly ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * Institution Settings (admin): name, time zone, campus point, session start window, attendance
 * (threshold, correction window, excused counting, detention notice), privacy and syllabus links. Institution admins edit them; branch admins read them.
 */
export function InstitutionSettingsPage({ title }: { title: string }) {
  const settings = useInstitutionSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {settings.isLoading ? <Skeleton className="h-96 w-full" /> : null}
      {settings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(settings.error, 'The settings could not be loaded')}
        </p>
      ) : null}
      {/* A fresh load restarts the form from what the server holds; a save updates it in place. */}
      {settings.data ? <SettingsEditor key={settings.fulfilledTimeStamp} settings={settings.data} /> : null}
    </section>
  );
}
