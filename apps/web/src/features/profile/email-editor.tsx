import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { EMAIL_PATTERN } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorText, isApiError } from '../../lib/api/api-error';
import { ROUTES } from '../../lib/routes';
import { signOut } from '../../lib/session/session-actions';
import { useAppDispatch } from '../../lib/store-hooks';
import { useUpdateEmailMutation } from './profile-api';
import { PROFILE_TEXT } from './profile-labels';

/**
 * The "Email ID" row of the profile: the address with an edit pencil; in edit mode an input and an
 * Update button (disabled while unchanged) under a yellow warning. A valid new address is sent; on
 * success the person is signed out, on 403 (changed within 24 hours) or an invalid address the
 * field goes back to the current e-mail.
 */
export function EmailEditor({ currentEmail }: { currentEmail: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(currentEmail);
  const [error, setError] = useState<string | null>(null);
  const [updateEmail, { isLoading }] = useUpdateEmailMutation();
  const unchanged = value.trim() === currentEmail;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = value.trim();
    if (!EMAIL_PATTERN.test(email)) {
      setError(PROFILE_TEXT.invalidEmail);
      toast.error(PROFILE_TEXT.invalidEmail);
      setValue(currentEmail);
      return;
    }
    setError(null);
    const result = await updateEmail({ email });
    if (!result.error) {
      toast.success(PROFILE_TEXT.updated);
      dispatch(signOut());
      await navigate(ROUTES.login, { replace: true });
      return;
    }
    if (isApiError(result.error) && result.error.statusCode === 403) {
      toast.error(PROFILE_TEXT.retryAfter24h);
      setValue(currentEmail);
      return;
    }
    toast.error(errorText(result.error, PROFILE_TEXT.fallback));
  }

  if (!editing) {
    return (
      <div className="flex items-center justify-between gap-3">
        <dl className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Email ID</dt>
          <dd className="truncate text-slate-900">{currentEmail}</dd>
        </dl>
        <Button variant="ghost" size="icon" aria-label="Edit email" onClick={() => setEditing(true)}>
          <Pencil className="size-4" aria-hidden />
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
      <Input
        label="Email ID"
        type="email"
        name="email"
        autoComplete="email"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
        autoFocus
      />
      <p
        role="note"
        className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        {PROFILE_TEXT.warning}
      </p>
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            setEditing(false);
            setValue(currentEmail);
            setError(null);
          }}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={unchanged || isLoading}>
          {isLoading ? 'Updating...' : 'Update'}
        </Button>
      </div>
    </form>
  );
}
