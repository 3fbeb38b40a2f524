import { ErrorEnvelopeSchema } from '@rollbook/contract';
import { errorText, isApiError } from '../../lib/api/api-error';

/**
 * Why the server refused to start a check or import (a 413 for a file over its limit, a 415, a
 * 403...), with the envelope's issues when it lists any. Shown in place: the file stays chosen, so
 * the admin can try again.
 */
export function StartFailure({ error, lead }: { error: unknown; lead: string }) {
  const envelope = ErrorEnvelopeSchema.safeParse(isApiError(error) ? error.body : null);
  const issues = envelope.success ? (envelope.data.issues ?? []) : [];
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p>
        {lead}: {errorText(error, 'no answer from the server')}
      </p>
      {issues.length > 0 ? (
        <ul className="mt-2 list-disc pl-5">
          {issues.map((issue, index) => (
            <li key={`${issue.path}-${index}`}>
              <span className="font-semibold">{issue.path}</span>: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
