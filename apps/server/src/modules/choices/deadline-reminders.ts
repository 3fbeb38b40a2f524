import type { FastifyInstance } from 'fastify';
import { createScope, semesterLabel } from '../../domain/caller-scope';
import { localDate } from '../../lib/week';
import { isOpen } from './choice-state';
import { createChoicesRepository } from './choices.repository';
import type { ChoicesDeps } from './deps';

/** How often the server looks for semesters whose deadline is today. */
export const REMINDER_CHECK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Sends the deadline-day reminder (`subject_choice_deadline_alert`) of every semester whose
 * deadline is today in its institution's zone, to each person who has not saved yet. A semester is
 * claimed in the same transaction as its alerts (`deadline_reminder_sent_on`), so running this
 * again, or on several servers at once, never sends a reminder twice. Returns how many were sent.
 */
export async function sendDeadlineReminders(deps: ChoicesDeps): Promise<number> {
  const now = deps.clock.now();
  const ids = await createChoicesRepository(deps.db).semestersAwaitingReminder();
  const due = (await createScope(deps.db).semestersByIds(ids)).filter(
    (s) => s.deadline !== null && s.deadline === localDate(now, s.timezone),
  );
  let sent = 0;
  for (const semester of due) {
    sent += await deps.db.transaction(async (tx) => {
      const repo = createChoicesRepository(tx);
      if (!(await repo.claimReminder(semester.id, semester.deadline!))) return 0;
      const waiting = (await repo.recordsOfSemesters([semester.id])).filter(
        (r) => !r.choicesSaved && isOpen(r, semester, now),
      );
      return deps.notifier(tx).notify({
        profileIds: waiting.map((r) => r.profileId),
        type: 'subject_choice_deadline_alert',
        message: `Friendly reminder: today is the last day to mark your subject choices for ${semesterLabel(semester)}. Please submit them before the end of the day here: subject_choice_url`,
        semesterId: semester.id,
      });
    });
  }
  return sent;
}

/**
 * Runs the reminder check on an interval for as long as the app is up. The timer does not keep
 * the process alive and stops when the app closes; a failed run is logged and retried next time.
 */
export function startDeadlineReminders(
  app: FastifyInstance,
  deps: ChoicesDeps,
  intervalMs = REMINDER_CHECK_INTERVAL_MS,
) {
  const timer = setInterval(() => {
    sendDeadlineReminders(deps).catch((err: unknown) => app.log.error({ err }, 'deadline reminders failed'));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return timer;
}
