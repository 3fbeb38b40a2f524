import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../lib/page-title';
import { ROUTES } from '../../lib/routes';
import { useCheckPasswordLinkQuery } from './auth-api';
import { NewPasswordForm } from './new-password-form';
import { passwordLinkNotice } from './password-link-notice';

/**
 * The forgot-password reset page, `/update_password?profile_slug=…&profile_forgot_password_code=…`
 * (contract §4.6), also opened by invitation links. The form renders only when both values are
 * present; the page first asks the server whether the link still works, so a used or expired link
 * is said at once instead of after the person has typed a new password twice.
 */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const profileSlug = search.get('profile_slug');
  const code = search.get('profile_forgot_password_code');
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {profileSlug && code ? (
          <CheckedResetForm profileSlug={profileSlug} code={code} />
        ) : (
          <LinkNotice
            heading="This reset link is incomplete"
            text="Please open the link from your e-mail again, or request a new one."
          />
        )}
      </div>
    </div>
  );
}

/** The reset form once the server says the link is usable (or could not say: the submit checks again). */
function CheckedResetForm({ profileSlug, code }: { profileSlug: string; code: string }) {
  const check = useCheckPasswordLinkQuery({ profile_slug: profileSlug, profile_forgot_password_code: code });
  if (check.isLoading) {
    return (
      <p role="status" className="text-center text-sm text-slate-600">
        Checking your link…
      </p>
    );
  }
  const notice = check.data ? passwordLinkNotice(check.data.data.state) : null;
  if (notice) return <LinkNotice heading={notice.heading} text={notice.text} />;
  return <NewPasswordForm mode={{ kind: 'reset', profileSlug, code }} />;
}

function LinkNotice({ heading, text }: { heading: string; text: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 text-center">
      <PageTitle title="New Password" />
      <h1 className="text-xl font-semibold text-slate-900">{heading}</h1>
      <p className="text-sm text-slate-600">{text}</p>
      <Link to={ROUTES.login} className="text-sm font-medium text-brand-700 hover:underline">
        Back to login
      </Link>
    </div>
  );
}
