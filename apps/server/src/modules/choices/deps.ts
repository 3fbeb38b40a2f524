import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { NotificationService } from '../../domain/notifications';

/** What the subject-choice services need; `notifier` is bound to a transaction when given one. */
export interface ChoicesDeps {
  db: Db;
  clock: Clock;
  notifier: (db: Db) => Pick<NotificationService, 'notify'>;
}
