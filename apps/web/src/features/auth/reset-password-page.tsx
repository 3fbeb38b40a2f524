import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../lib/page-title';
import { ROUTES } from '../../lib/routes';
import { NewPasswordForm } from './new-password-form';

/**
 * The forgot-password reset page, `/update_password?profile_slug=…&profile_forgot_password_code=…`
 * (contract §4.6). The form renders only when both values are present; otherwise the link is
 * incomplete and the page says so.
 */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const profileSlug = search.get('profile_slug');
  const code = search.get('profile_forgot_password_code');
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {profileSlug && code ? (
          <NewPasswordForm mode={{ kind: 'reset', profileSlug, code }} />
        ) : (
          <div className="flex flex-col gap-3 text-center">
            <PageTitle title="New Password" />
            <h1 className="text-xl font-semibold text-slate-900">This reset link is incomplete</h1>
            <p className="text-sm text-slate-600">
              Please open the link from your e-mail again, or request a new one.
            </p>
            <Link to={ROUTES.login} className="text-sm font-medium text-brand-700 hover:underline">
              Back to login
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
