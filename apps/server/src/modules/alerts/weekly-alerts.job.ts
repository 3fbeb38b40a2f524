import type { Db } from '../../db/client';
import { createAttendanceRecordRepository, type SubjectTally } from '../../domain/attendance-record';
import { semesterLabel } from '../../domain/caller-scope';
import type { NotificationService } from '../../domain/notifications';
import type { ScheduledJob } from '../../domain/scheduled-jobs/scheduled-job';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { addDays } from '../../lib/week';
import {
  detentionListMessage,
  studentBelowMessage,
  teacherSummaryMessage,
  type DetentionLine,
  type DivisionSummary,
  type MessageText,
} from './alert-messages';
import { createAlertsRepository, type AlertSemester } from './alerts.repository';

export const WEEKLY_ALERTS_JOB_NAME = 'weekly-attendance-alerts';
/** Admins get the detention list in the weekly runs of this many days before the notice date. */
export const DETENTION_NOTICE_LEAD_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface WeeklyAlertsDeps {
  mailer: Pick<Mailer, 'send'>;
  /** Where people open Rollbook (links in mail). */
  publicBase: string;
  /** The bell service bound to the run's transaction (alerts pushed once it commits). */
  notifier: (tx: Db) => Pick<NotificationService, 'notify'>;
  onMailError: (err: unknown, to: string) => void;
}

interface SemesterFigures {
  semester: AlertSemester;
  tallies: SubjectTally[];
  detained: SubjectTally[];
}

const tallyKey = (t: Pick<SubjectTally, 'studentId' | 'subjectId'>) => `${t.studentId}:${t.subjectId}`;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Whether this week's run sends admins the detention list (ahead of the notice date). */
export function detentionNoticeDue(periodKey: string, noticeDate: string | null): noticeDate is string {
  if (!noticeDate) return false;
  const ahead = daysBetween(periodKey, noticeDate);
  return ahead > 0 && ahead <= DETENTION_NOTICE_LEAD_DAYS;
}

/** Each teacher's divisions of each subject, with how many students and who is below. */
function teacherDivisions(
  teaching: Array<{ profileId: number; semesterId: number; subjectId: number; divisionName: string }>,
  figures: Map<number, SemesterFigures>,
): Map<number, DivisionSummary[]> {
  const belowKeys = new Set([...figures.values()].flatMap((f) => f.detained.map(tallyKey)));
  const byTeacher = new Map<number, DivisionSummary[]>();
  for (const t of teaching) {
    const rows = (figures.get(t.semesterId)?.tallies ?? []).filter(
      (r) => r.subjectId === t.subjectId && r.divisionName === t.divisionName && r.held > 0,
    );
    if (rows.length === 0) continue; // nothing held yet in this division
    const summary: DivisionSummary = {
      subjectName: rows[0]!.subjectName,
      divisionName: t.divisionName,
      students: rows.length,
      below: rows
        .filter((r) => belowKeys.has(tallyKey(r)))
        .map((r) => ({ ...r, name: r.studentName, enrollment: r.enrollment })),
    };
    byTeacher.set(t.profileId, [...(byTeacher.get(t.profileId) ?? []), summary]);
  }
  return byTeacher;
}

/**
 * The weekly attendance alerts of one institution (Monday 08:00 in its zone), over its active
 * semesters' sessions up to the Sunday before: every student below the threshold in a subject gets
 * an alert and a mail naming those subjects; every teacher a summary of their subjects division by
 * division; and, in the runs of the two weeks before the institution's detention notice date, every
 * admin the detention list of their own branches. Figures come from the attendance record.
 */
export function weeklyAlertsJob(deps: WeeklyAlertsDeps): ScheduledJob {
  return {
    name: WEEKLY_ALERTS_JOB_NAME,
    schedule: { every: 'week', weekday: 'monday', atMinutes: 8 * 60 },
    async run({ tx, institution, periodKey }) {
      const repo = createAlertsRepository(tx);
      const record = createAttendanceRecordRepository(tx);
      const settings = await repo.institution(institution.id);
      if (!settings) return { summary: { skipped: 'institution gone' } };
      const threshold = settings.thresholdPercent;
      const upTo = addDays(periodKey, -1);

      const figures = new Map<number, SemesterFigures>();
      for (const semester of await repo.activeSemesters(institution.id)) {
        const filter = { institutionId: institution.id, semesterId: semester.id, to: upTo };
        figures.set(semester.id, {
          semester,
          tallies: await record.subjectTallies(filter),
          detained: await record.detained(filter, threshold),
        });
      }

      const mails: MailMessage[] = [];
      const notify = deps.notifier(tx);
      const send = async (
        to: { profileId: number; email: string },
        type: Parameters<typeof notify.notify>[0]['type'],
        text: MessageText,
      ) => {
        await notify.notify({ profileIds: [to.profileId], type, message: text.inApp });
        mails.push({ to: to.email, subject: text.subject, text: text.email });
      };

      // Students below the threshold, one alert naming every such subject.
      const detained = [...figures.values()].flatMap((f) => f.detained);
      const students = await repo.studentRecipients(institution.id, [
        ...new Set(detained.map((d) => d.studentId)),
      ]);
      let studentsAlerted = 0;
      for (const [studentId, person] of students) {
        const subjects = detained.filter((d) => d.studentId === studentId);
        await send(
          person,
          'attendance_below_threshold_alert',
          studentBelowMessage({
            name: person.name,
            thresholdPercent: threshold,
            upTo,
            subjects,
            institutionName: settings.name,
            link: `${deps.publicBase}/student-dashboard/attendance`,
          }),
        );
        studentsAlerted += 1;
      }

      // Teachers: a summary of the subjects they teach, division by division.
      const teaching = await repo.teaching([...figures.keys()]);
      const divisionsByTeacher = teacherDivisions(teaching, figures);
      const teacherPeople = new Map(teaching.map((t) => [t.profileId, t]));
      for (const [profileId, divisions] of divisionsByTeacher) {
        const person = teacherPeople.get(profileId)!;
        await send(
          person,
          'attendance_weekly_summary_alert',
          teacherSummaryMessage({
            name: person.name,
            thresholdPercent: threshold,
            upTo,
            divisions,
            link: `${deps.publicBase}/teacher-dashboard/analytics`,
          }),
        );
      }

      // Admins: their branches' detention list, ahead of the notice date.
      let adminsSent = 0;
      const noticeDate = settings.detentionNoticeDate;
      if (detentionNoticeDue(periodKey, noticeDate)) {
        const admins = await repo.branchAdmins(institution.id);
        for (const profileId of new Set(admins.map((a) => a.profileId))) {
          const branchIds = new Set(admins.filter((a) => a.profileId === profileId).map((a) => a.branchId));
          const person = admins.find((a) => a.profileId === profileId)!;
          const lines: DetentionLine[] = [...figures.values()]
            .filter((f) => branchIds.has(f.semester.branch.id))
            .flatMap((f) =>
              f.detained.map((d) => ({
                ...d,
                semesterLabel: semesterLabel(f.semester),
              })),
            );
          await send(
            person,
            'detention_list_alert',
            detentionListMessage({ name: person.name, thresholdPercent: threshold, upTo, noticeDate, lines }),
          );
          adminsSent += 1;
        }
      }

      return {
        summary: { upTo, students: studentsAlerted, teachers: divisionsByTeacher.size, admins: adminsSent },
        // Mail only once the alerts are committed; one refused address never stops the others.
        afterCommit: async () => {
          for (const mail of mails)
            await deps.mailer.send(mail).catch((err: unknown) => deps.onMailError(err, mail.to));
        },
      };
    },
  };
}
