import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import type { Classroom, CreateInstantLectureInput, InstantLectureTeacher } from '@rollbook/contract';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import {
  useCreateInstantLectureMutation,
  useGetInstantBatchesQuery,
  useGetInstantBranchesQuery,
  useGetInstantSemesterOptionsQuery,
  useGetInstantSemestersQuery,
} from './instant-lectures-api';
import { INSTANT_TEXT } from './instant-lecture-text';
import { inLabelOrder } from '../../../lib/option-order';

/** A labelled group of checkboxes, one per option. */
function CheckGroup({
  legend,
  options,
  checked,
  onToggle,
}: {
  legend: string;
  options: readonly { slug: string; label: string }[];
  checked: ReadonlySet<string>;
  onToggle: (slug: string, on: boolean) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.slug} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={checked.has(option.slug)}
              onChange={(event) => onToggle(option.slug, event.target.checked)}
              className="size-4 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The batches of one chosen division, to narrow it (none ticked: the whole division). */
function DivisionBatches({
  division,
  checked,
  onToggle,
}: {
  division: { slug: string; division_name: string };
  checked: ReadonlySet<string>;
  onToggle: (slug: string, on: boolean) => void;
}) {
  const batches = useGetInstantBatchesQuery(division.slug);
  // Said while they load: the list then appears here, and the form below it moves down once.
  if (batches.isLoading) {
    return (
      <p role="status" className="text-sm text-slate-500">
        {INSTANT_TEXT.batchesLoading(division.division_name)}
      </p>
    );
  }
  if (!batches.data || batches.data.length === 0) return null;
  return (
    <CheckGroup
      legend={INSTANT_TEXT.batches(division.division_name)}
      options={batches.data.map((b) => ({ slug: b.slug, label: b.batch_name }))}
      checked={checked}
      onToggle={onToggle}
    />
  );
}

const toggled = (set: ReadonlySet<string>, slug: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(slug);
  else next.delete(slug);
  return next;
};

/**
 * The new instant lecture: branch → semester → divisions (→ batches), a subject the teacher teaches
 * in that semester or a free title, and optionally the classroom whose position the students'
 * locations are checked against. Create stays disabled until the choice is complete.
 */
export function InstantLectureForm({
  classrooms,
  onCreated,
}: {
  classrooms: readonly Classroom[];
  onCreated: (lecture: InstantLectureTeacher) => void;
}) {
  const [branch, setBranch] = useState('');
  const [semester, setSemester] = useState('');
  const [divisions, setDivisions] = useState<ReadonlySet<string>>(new Set());
  const [batches, setBatches] = useState<ReadonlySet<string>>(new Set());
  const [about, setAbout] = useState<'subject' | 'title'>('subject');
  const [subject, setSubject] = useState('');
  const [title, setTitle] = useState('');
  const [classroom, setClassroom] = useState('');
  const branches = useGetInstantBranchesQuery();
  const semesters = useGetInstantSemestersQuery(branch, { skip: branch === '' });
  const options = useGetInstantSemesterOptionsQuery(semester, { skip: semester === '' });
  const [create, creating] = useCreateInstantLectureMutation();

  const chosenDivisions = (options.data?.divisions ?? []).filter((d) => divisions.has(d.slug));
  const complete =
    semester !== '' && divisions.size > 0 && (about === 'subject' ? subject !== '' : title.trim() !== '');

  const chooseBranch = (slug: string) => {
    setBranch(slug);
    chooseSemester('');
  };
  const chooseSemester = (slug: string) => {
    setSemester(slug);
    setDivisions(new Set());
    setBatches(new Set());
    setSubject('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    const body: CreateInstantLectureInput = {
      semester,
      divisions: [...divisions],
      ...(batches.size > 0 ? { batches: [...batches] } : {}),
      ...(about === 'subject' ? { subject } : { title: title.trim() }),
      ...(classroom !== '' ? { classroom } : {}),
    };
    const result = await create(body);
    // A refusal was toasted with the server's message by the base query.
    if (!('data' in result) || !result.data) return;
    toast.success(INSTANT_TEXT.created);
    setDivisions(new Set());
    setBatches(new Set());
    setTitle('');
    onCreated(result.data);
  };

  return (
    <form
      aria-label={INSTANT_TEXT.formTitle}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-lg font-semibold text-slate-800">{INSTANT_TEXT.formTitle}</h2>
      <div className="flex flex-wrap gap-4">
        <NativeSelect
          label={INSTANT_TEXT.branch}
          value={branch}
          placeholder="Select branch"
          options={inLabelOrder((branches.data ?? []).map((b) => ({ value: b.slug, label: b.branch_name })))}
          onChange={chooseBranch}
        />
        <NativeSelect
          label={INSTANT_TEXT.semester}
          value={semester}
          placeholder="Select semester"
          disabled={branch === ''}
          options={(semesters.data ?? []).map((s) => ({ value: s.slug, label: `Semester ${s.no}` }))}
          onChange={chooseSemester}
        />
      </div>
      {options.isFetching ? <Spinner className="size-5" /> : null}
      {options.data ? (
        <>
          <CheckGroup
            legend={INSTANT_TEXT.divisions}
            options={options.data.divisions.map((d) => ({ slug: d.slug, label: d.division_name }))}
            checked={divisions}
            onToggle={(slug, on) => setDivisions((old) => toggled(old, slug, on))}
          />
          {chosenDivisions.map((division) => (
            <DivisionBatches
              key={division.slug}
              division={division}
              checked={batches}
              onToggle={(slug, on) => setBatches((old) => toggled(old, slug, on))}
            />
          ))}
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-700">{INSTANT_TEXT.about}</legend>
            <div className="flex flex-wrap gap-4">
              {(['subject', 'title'] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="instant-about"
                    checked={about === kind}
                    onChange={() => setAbout(kind)}
                    className="size-4 accent-brand-600"
                  />
                  {kind === 'subject' ? INSTANT_TEXT.aboutSubject : INSTANT_TEXT.aboutTitle}
                </label>
              ))}
            </div>
          </fieldset>
          {about === 'subject' ? (
            options.data.subjects.length === 0 ? (
              <p className="text-sm text-slate-600">{INSTANT_TEXT.noSubjects}</p>
            ) : (
              <NativeSelect
                label={INSTANT_TEXT.subject}
                value={subject}
                placeholder="Select subject"
                options={options.data.subjects.map((s) => ({
                  value: s.slug,
                  label: s.subject_map.subject_name,
                }))}
                onChange={setSubject}
              />
            )
          ) : (
            <Input
              label={INSTANT_TEXT.title}
              value={title}
              maxLength={120}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
          <NativeSelect
            label={INSTANT_TEXT.classroom}
            value={classroom}
            placeholder={INSTANT_TEXT.campus}
            options={classrooms.map((room) => ({ value: room.slug, label: room.class_name }))}
            onChange={setClassroom}
          />
        </>
      ) : null}
      <div>
        <Button type="submit" disabled={!complete || creating.isLoading}>
          {creating.isLoading ? <Spinner className="size-4" /> : null}
          {INSTANT_TEXT.create}
        </Button>
      </div>
    </form>
  );
}
