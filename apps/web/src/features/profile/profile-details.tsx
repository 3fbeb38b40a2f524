import type { AccessTokenPayload } from '@rollbook/contract';
import { CalendarFeedSection } from './calendar-feed-section';
import { EmailEditor } from './email-editor';
import { NAME_LABELS } from './profile-labels';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * The profile facts of the signed-in person (product spec §2 Profile dialog): name (labelled per
 * role), Enrollment Number for students, Department, the editable Email ID, and for teachers and
 * students their calendar feed link.
 */
export function ProfileDetails({ profile }: { profile: AccessTokenPayload }) {
  const { obj } = profile;
  const role = obj.profile.role;
  const department = obj.branch?.branch_name ?? 'Not set';
  return (
    <div className="flex flex-col gap-4">
      <dl className="flex flex-col gap-4">
        <Row label={NAME_LABELS[role]} value={obj.profile.name ?? 'Not set'} />
        {obj.profile.role === 'student' && 'enrollment' in obj ? (
          <Row label="Enrollment Number" value={obj.enrollment} />
        ) : null}
        <Row label="Department" value={department} />
      </dl>
      {/* Outside the list: in edit mode it is a form, which a <dl> may not hold. */}
      <EmailEditor currentEmail={obj.profile.email} />
      {role === 'admin' ? null : <CalendarFeedSection />}
    </div>
  );
}
