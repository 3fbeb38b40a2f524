import type { FieldIssue } from '@rollbook/contract';

/**
 * The problems the server found in a rejected timetable file (each with its place, e.g. "row 7,
 * column CST", and a sentence), announced to screen readers when it appears.
 */
export function UploadIssues({ summary, issues }: { summary: string; issues: readonly FieldIssue[] }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">{summary}</p>
      <ul aria-label="Problems in the file" className="mt-2 flex list-disc flex-col gap-1 pl-5">
        {issues.map((issue, index) => (
          // The same place can carry several problems, so the position keeps keys unique.
          <li key={`${issue.path}-${index}`}>
            <span className="font-semibold">{issue.path}</span>: {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
