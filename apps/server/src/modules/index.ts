import type { FastifyInstance } from 'fastify';
import { authModule } from './auth/auth.routes';
import { notificationsModule } from './notifications/notifications.routes';
import { e2eModule } from './e2e/e2e.routes';
import { timetableModule } from './timetable/timetable.routes';
import { calendarModule } from './calendar/calendar.routes';
import { catalogueModule } from './catalogue/catalogue.routes';
import { choicesModule } from './choices/choices.routes';
import { allocationModule } from './allocation/allocation.routes';
import { sessionsModule } from './sessions/sessions.routes';
import { sessionHistoryModule } from './session-history/session-history.routes';
import { divisionsModule } from './divisions/divisions.routes';
import { peopleModule } from './people/people.routes';
import { institutionModule } from './institution/institution.routes';
import { academicYearModule } from './academic-year/academic-year.routes';
import { onboardingModule } from './onboarding/onboarding.routes';
import { retentionModule } from './retention/retention.routes';
import { alertsModule } from './alerts/alerts.routes';
import { instantLecturesModule } from './instant-lectures/instant-lectures.routes';
import { attendanceReportsModule } from './attendance-reports/attendance-reports.routes';

/**
 * Registers every module's routes under the API prefix. Modules are siblings: each is registered
 * here and none imports another (lint enforces it), so this file is the only place that knows them all.
 */
export async function registerModules(api: FastifyInstance): Promise<void> {
  await api.register(authModule);
  await api.register(notificationsModule);
  await api.register(e2eModule);
  await api.register(timetableModule);
  await api.register(calendarModule);
  await api.register(catalogueModule);
  await api.register(choicesModule);
  await api.register(allocationModule);
  await api.register(sessionsModule);
  await api.register(sessionHistoryModule);
  await api.register(divisionsModule);
  await api.register(peopleModule);
  await api.register(institutionModule);
  await api.register(academicYearModule);
  await api.register(onboardingModule);
  await api.register(retentionModule);
  await api.register(alertsModule);
  await api.register(instantLecturesModule);
  await api.register(attendanceReportsModule);
}
