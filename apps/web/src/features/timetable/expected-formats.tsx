import { SampleLinks } from './sample-links';

/**
 * The two layouts the server reads and what a division code looks like, shown above the picker
 * with the sample downloads, so an admin learns the format before an upload fails rather than from
 * the list of problems after it.
 */
export function ExpectedFormats() {
  return (
    <section aria-labelledby="timetable-formats-title" className="flex flex-col gap-2 text-sm text-slate-700">
      <h3 id="timetable-formats-title" className="font-medium text-slate-900">
        What the file should look like
      </h3>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        <li>
          <span className="font-medium">One lecture per row:</span> the columns day, start, end, subject,
          teacher, division, batches, classroom, type. A division code is stream-semester-division, like{' '}
          <code className="rounded bg-slate-100 px-1">BE-7-A</code>; batches may stay empty for the whole
          division.
        </li>
        <li>
          <span className="font-medium">Grid:</span> the columns DAY, TIME and one per teacher code; each cell
          is a lecture code like <code className="rounded bg-slate-100 px-1">BE-5-A_A1-DBMS-LH101</code>{' '}
          (stream-semester-division_batch-subject-classroom).
        </li>
      </ul>
      <SampleLinks />
    </section>
  );
}
