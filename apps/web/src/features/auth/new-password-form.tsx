import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { PASSWORD_RULE_TEXT, passwordProblem } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { PasswordInput } from '../../components/ui/password-input';
import { PageTitle } from '../../lib/page-title';
import { homeFor, ROUTES } from '../../lib/routes';
import { decodeAccessToken, roleOf } from '../../lib/session/access-token';
import { signIn } from '../../lib/session/session-actions';
import { useAppDispatch } from '../../lib/store-hooks';
import { useSetNewPasswordMutation, useSetUpdatedPasswordMutation } from './auth-api';
import { AUTH_TEXT, passwordErrorMessage } from './auth-messages';

/** Which flow the form finishes: a temporary-password login, or an e-mailed reset link. */
export type NewPasswordMode =
  { kind: 'temporary'; profileSlug: string } | { kind: 'reset'; profileSlug: string; code: string };

interface FieldErrors {
  password?: string;
  confirmPassword?: string;
}

/**
 * Checks the two password fields (product spec §5): both required, and equal; the password also
 * meets the server's rule, so a weak one is caught here rather than by a failed call.
 */
export function validateNewPassword(password: string, confirmPassword: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!password) errors.password = AUTH_TEXT.passwordRequired;
  else {
    const problem = passwordProblem(password);
    if (problem) errors.password = problem;
  }
  if (!confirmPassword) errors.confirmPassword = AUTH_TEXT.confirmRequired;
  else if (password && password !== confirmPassword) errors.confirmPassword = AUTH_TEXT.passwordMismatch;
  return errors;
}

/**
 * The "New Password" form shared by the temporary-password view of the login page and the
 * forgot-password reset page. A temporary password signs the person in and sends them home; a
 * reset sends them to /login.
 */
export function NewPasswordForm({ mode }: { mode: NewPasswordMode }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [setNewPassword, newState] = useSetNewPasswordMutation();
  const [setUpdatedPassword, resetState] = useSetUpdatedPasswordMutation();
  const busy = newState.isLoading || resetState.isLoading;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateNewPassword(password, confirmPassword);
    setErrors(found);
    if (found.password || found.confirmPassword) return;

    if (mode.kind === 'temporary') {
      const result = await setNewPassword({ password, profile_slug: mode.profileSlug });
      if (result.error || !result.data) {
        toast.error(passwordErrorMessage(result.error, AUTH_TEXT.setPasswordFallback));
        return;
      }
      dispatch(signIn(result.data));
      toast.success(AUTH_TEXT.passwordUpdated);
      await navigate(homeFor(roleOf(decodeAccessToken(result.data.access))), { replace: true });
      return;
    }

    const result = await setUpdatedPassword({
      password,
      profile_slug: mode.profileSlug,
      profile_forgot_password_code: mode.code,
    });
    if (result.data?.data === true) {
      toast.success(AUTH_TEXT.passwordReset);
      await navigate(ROUTES.login, { replace: true });
      return;
    }
    toast.error(passwordErrorMessage(result.error, AUTH_TEXT.resetFallback));
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-labelledby="new-password-heading"
    >
      <PageTitle title="New Password" />
      <h1 id="new-password-heading" className="text-2xl font-semibold text-slate-900">
        New Password
      </h1>
      <PasswordInput
        label="Password"
        name="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE_TEXT}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <PasswordInput
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
