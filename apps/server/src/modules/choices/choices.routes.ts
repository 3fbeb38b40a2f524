import type { FastifyInstance } from 'fastify';
import { choicesRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { alertsAfterCommit } from '../../domain/notifications';
import { createConfirmationService } from './confirmation.service';
import { startDeadlineReminders } from './deadline-reminders';
import type { ChoicesDeps } from './deps';
import { createExportsService } from './exports.service';
import { createSelectionService } from './selection.service';
import { createStudentChoicesService } from './student-choices.service';
import { createTeacherChoicesService } from './teacher-choices.service';

/**
 * Subject selection, teacher and student choices, confirmation and exports (contract §9.4-9.13,
 * §11.1-11.2), plus the deadline-day reminder timer.
 */
export async function choicesModule(app: FastifyInstance) {
  // Alerts raised inside a transaction reach sockets only after it commits.
  const { db, notifier } = alertsAfterCommit(app.deps.db, app);
  const deps: ChoicesDeps = { db, clock: app.deps.clock, notifier };
  const selection = createSelectionService(deps);
  const teacher = createTeacherChoicesService(deps);
  const student = createStudentChoicesService(deps);
  const confirmation = createConfirmationService(deps);
  const exports = createExportsService(deps);

  registerRoute(app, choicesRoutes.addSubjectsToSemester, async ({ auth, body }) =>
    ok(await selection.lock(auth, body)),
  );
  registerRoute(app, choicesRoutes.unlockSubjectChoices, async ({ auth, body }) =>
    ok(await selection.unlock(auth, body.semester_slug)),
  );
  registerRoute(app, choicesRoutes.extendSubjectChoiceDeadline, async ({ auth, body }) =>
    ok(await selection.extendDeadline(auth, body)),
  );

  registerRoute(app, choicesRoutes.getTeachersForSubject, async ({ auth, params }) =>
    ok(await confirmation.teachersForSubject(auth, params.subject_slug)),
  );
  registerRoute(app, choicesRoutes.getStudentsForSubject, async ({ auth, params }) =>
    ok(await confirmation.studentsForSubject(auth, params.subject_slug)),
  );
  registerRoute(app, choicesRoutes.unlockSubjectChoiceForStudent, async ({ auth, body }) =>
    ok(await confirmation.removeStudentSubject(auth, body)),
  );
  registerRoute(app, choicesRoutes.getAllSubjectsOfTeacher, async ({ auth }) =>
    ok(await confirmation.teacherSubjectMap(auth)),
  );
  registerRoute(app, choicesRoutes.unlockSubjectChoicesForTeacher, async ({ auth, body }) =>
    ok(await confirmation.unlockTeacher(auth, body.teacher_slug)),
  );

  registerRoute(app, choicesRoutes.getTeacherToSubjectExcel, async ({ auth }) =>
    ok(await exports.teacherToSubject(auth)),
  );
  registerRoute(app, choicesRoutes.getSubjectToTeacherExcel, async ({ auth }) =>
    ok(await exports.subjectToTeacher(auth)),
  );
  registerRoute(app, choicesRoutes.getStudentToSubjectExcel, async ({ auth, params }) =>
    ok(await exports.studentToSubject(auth, params.semester_slug)),
  );

  registerRoute(app, choicesRoutes.getTeachersSubjectChoices, async ({ auth }) =>
    ok(await teacher.view(auth)),
  );
  registerRoute(app, choicesRoutes.markSubjectChoicesOfTeacher, async ({ auth, body }) =>
    ok(await teacher.save(auth, body.subject_choices)),
  );
  registerRoute(app, choicesRoutes.unsaveSubjectChoicesForTeacher, async ({ auth }) =>
    ok(await teacher.unsave(auth)),
  );
  registerRoute(app, choicesRoutes.getSavedSubjectsFromStream, async ({ auth, params }) =>
    ok(await teacher.savedOfStream(auth, params.stream_slug)),
  );
  registerRoute(app, choicesRoutes.getTeachersSubjectChoicesForSemester, async ({ auth, params }) =>
    ok(await teacher.ofSemester(auth, params.semester_slug)),
  );

  registerRoute(app, choicesRoutes.getStudentsSubjectChoices, async ({ auth }) =>
    ok(await student.view(auth)),
  );
  registerRoute(app, choicesRoutes.markSubjectChoicesOfStudent, async ({ auth, body }) =>
    ok(await student.save(auth, body)),
  );
  registerRoute(app, choicesRoutes.unsaveSubjectChoicesForStudent, async ({ auth, body }) =>
    ok(await student.unsave(auth, body.subject_choices_slug)),
  );

  startDeadlineReminders(app, deps);
}
