import { useGetAttendancePrivacyQuery } from './student-attendance-api';

/** What the notice says; the period comes from the institution's retention setting. */
export const PRIVACY_TEXT = {
  title: 'What is kept, and for how long',
  deleted: (days: number) =>
    `Your recording and your exact location (latitude, longitude and their accuracy) are kept for at most ${days} ${days === 1 ? 'day' : 'days'} after you mark attendance, then deleted.`,
  kept: 'Your marks (present, absent or excused), the reasons for each verdict, the sound-check scores and your distance from the classroom are kept as your attendance record.',
} as const;

/**
 * The student's privacy notice (issue 16 item 7): what marking attendance stores, what the nightly
 * sweep deletes and when. Shown once the period is known; informational, so a failed read shows
 * nothing rather than an error in the middle of the marking page.
 */
export function PrivacyNotice() {
  const { data } = useGetAttendancePrivacyQuery();
  if (!data) return null;
  return (
    <section
      aria-labelledby="attendance-privacy-title"
      className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700"
    >
      <h2 id="attendance-privacy-title" className="text-base font-semibold text-slate-800">
        {PRIVACY_TEXT.title}
      </h2>
      <p>{PRIVACY_TEXT.deleted(data.recording_retention_days)}</p>
      <p>{PRIVACY_TEXT.kept}</p>
    </section>
  );
}
