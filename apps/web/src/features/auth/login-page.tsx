import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import type { TokenPair } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { appRedirectAllowlist, PRODUCT_NAME } from '../../lib/env';
import { PageTitle } from '../../lib/page-title';
import { homeFor } from '../../lib/routes';
import { decodeAccessToken, roleOf } from '../../lib/session/access-token';
import { selectRole } from '../../lib/session/auth-slice';
import { logOut } from '../../lib/session/log-out';
import { rememberAppRedirect, signIn } from '../../lib/session/session-actions';
import { useAppDispatch, useSharedSelector } from '../../lib/store-hooks';
import { appRedirectUrl, isAllowedAppRedirect, isAppHandOff, readAppRedirectParams } from './app-redirect';
import { useLoginMutation } from './auth-api';
import { AUTH_TEXT, loginErrorMessage } from './auth-messages';
import { NewPasswordForm } from './new-password-form';

// Loaded when first opened: the dialog kit is not needed to sign in (issue 19's first-load budget).
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

interface LoginErrors {
  email?: string;
  password?: string;
}

/**
 * The login page (product spec §2 Login, §4 Login): e-mail and password, a forgot-password prompt,
 * the temporary-password switch to "New Password", and the mobile-app hand-off when
 * `redirect_uri`, `from_app` and `device_id` are all in the query string.
 */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const appParams = readAppRedirectParams(search);
  const handOff = isAppHandOff(appParams);
  // Decided once on arrival: signing in on this page must not re-trigger the "already in" rules.
  const currentRole = useSharedSelector(selectRole);
  const [roleOnArrival] = useState(currentRole);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [forgotOpen, setForgotOpen] = useState(false);
  const [temporarySlug, setTemporarySlug] = useState<string | null>(null);
  const [login, { isLoading }] = useLoginMutation();

  useEffect(() => {
    // The app wants fresh tokens for this device: forget the browser's own session first.
    if (roleOnArrival && handOff) dispatch(logOut());
  }, [roleOnArrival, handOff, dispatch]);

  if (roleOnArrival && !handOff) return <Navigate to={homeFor(roleOnArrival)} replace />;

  async function finishLogin(pair: TokenPair) {
    dispatch(signIn(pair));
    dispatch(rememberAppRedirect(appParams.redirectUri ?? '', appParams.fromApp ?? ''));
    const role = roleOf(decodeAccessToken(pair.access));
    if (role === 'student' && handOff && appParams.redirectUri) {
      if (isAllowedAppRedirect(appParams.redirectUri, appRedirectAllowlist(), window.location.origin)) {
        window.location.assign(appRedirectUrl(appParams.redirectUri, pair));
        return;
      }
      toast.error('This app link is not allowed to receive your sign-in.');
    }
    await navigate(homeFor(role), { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: LoginErrors = {};
    if (!email.trim()) found.email = AUTH_TEXT.emailRequired;
    if (!password) found.password = AUTH_TEXT.passwordRequired;
    setErrors(found);
    if (found.email || found.password) return;

    const result = await login({ email: email.trim(), password, device_id: appParams.deviceId });
    if (result.error || !result.data) {
      toast.error(loginErrorMessage(result.error));
      setEmail('');
      setPassword('');
      return;
    }
    if ('profile_slug' in result.data) {
      toast.warning(AUTH_TEXT.temporaryPassword);
      setTemporarySlug(result.data.profile_slug);
      return;
    }
    await finishLogin(result.data);
  }

  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {temporarySlug ? (
          <NewPasswordForm mode={{ kind: 'temporary', profileSlug: temporarySlug }} />
        ) : (
          <form
            noValidate
            onSubmit={(e) => void submit(e)}
            className="flex flex-col gap-4"
            aria-labelledby="login-heading"
          >
            <PageTitle title="Login" />
            <div className="mb-2">
              <h1 id="login-heading" className="text-2xl font-semibold text-slate-900">
                Welcome Back
              </h1>
              <p className="text-sm text-slate-600">Login to {PRODUCT_NAME}</p>
            </div>
            <Input
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
            <div className="-mt-2 flex justify-end">
              <Button variant="link" className="text-sm" onClick={() => setForgotOpen(true)}>
                Forgot Password ?
              </Button>
            </div>
            <Button type="submit" disabled={isLoading} className="w-full">
              {isLoading ? 'Logging In...' : 'Login'}
            </Button>
          </form>
        )}
      </div>
      {forgotOpen ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
