import { PageTitle } from '../../lib/page-title';
import { selectAuth } from '../../lib/session/auth-slice';
import { useSharedSelector } from '../../lib/store-hooks';
import { ProfileDetails } from './profile-details';
import { PROFILE_TITLES } from './profile-labels';

/**
 * The `/profile` page: the same facts as the dialog, as a page (open to every signed-in role).
 */
export function ProfilePage() {
  const { userProfile } = useSharedSelector(selectAuth);
  if (!userProfile) return null;
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <PageTitle title="Profile" />
      <h1 className="mb-4 text-xl font-semibold text-slate-900">
        {PROFILE_TITLES[userProfile.obj.profile.role]}
      </h1>
      <ProfileDetails profile={userProfile} />
    </section>
  );
}
