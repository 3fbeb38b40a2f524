import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  adminBranches,
  branches,
  divisions,
  institutions,
  lectures,
  profiles,
  semesters,
  streams,
  students,
  teachers,
  timetables,
} from '../../db/schema';

/** A person an alert goes to (active accounts only). */
export interface Recipient {
  profileId: number;
  name: string | null;
  email: string;
}

/** A semester the weekly alerts look at: the institution's active ones. */
export interface AlertSemester {
  id: number;
  no: number;
  stream: { id: number; slug: string; title: string; streamCode: string };
  branch: { id: number; slug: string; name: string };
}

/** Who needs what from the weekly alerts, all within one institution. */
export function createAlertsRepository(db: Db) {
  return {
    async institution(institutionId: number) {
      const [row] = await db
        .select({
          name: institutions.name,
          thresholdPercent: institutions.attendanceThresholdPercent,
          detentionNoticeDate: institutions.detentionNoticeDate,
        })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row;
    },

    async activeSemesters(institutionId: number): Promise<AlertSemester[]> {
      return db
        .select({
          id: semesters.id,
          no: semesters.no,
          stream: {
            id: streams.id,
            slug: streams.slug,
            title: streams.title,
            streamCode: streams.streamCode,
          },
          branch: { id: branches.id, slug: branches.slug, name: branches.name },
        })
        .from(semesters)
        .innerJoin(streams, eq(streams.id, semesters.streamId))
        .innerJoin(branches, eq(branches.id, streams.branchId))
        .where(and(eq(semesters.institutionId, institutionId), eq(semesters.isActive, true)))
        .orderBy(asc(semesters.id));
    },

    /** The accounts of these students (of this institution), active ones only. */
    async studentRecipients(institutionId: number, studentIds: number[]): Promise<Map<number, Recipient>> {
      if (studentIds.length === 0) return new Map();
      const rows = await db
        .select({
          studentId: students.id,
          profileId: profiles.id,
          name: profiles.name,
          email: profiles.email,
        })
        .from(students)
        .innerJoin(profiles, eq(profiles.id, students.profileId))
        .where(
          and(
            eq(students.institutionId, institutionId),
            inArray(students.id, studentIds),
            eq(profiles.isActive, true),
          ),
        );
      return new Map(rows.map(({ studentId, ...r }) => [studentId, r]));
    },

    /**
     * Which teacher teaches which subject to which division in these semesters (one row each, from
     * the active lectures of the divisions' timetables); active teachers only.
     */
    async teaching(semesterIds: number[]) {
      if (semesterIds.length === 0) return [];
      return db
        .selectDistinct({
          profileId: profiles.id,
          name: profiles.name,
          email: profiles.email,
          semesterId: divisions.semesterId,
          subjectId: lectures.offeredSubjectId,
          divisionName: divisions.name,
        })
        .from(lectures)
        .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
        .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
        .innerJoin(teachers, eq(teachers.id, lectures.teacherId))
        .innerJoin(profiles, eq(profiles.id, teachers.profileId))
        .where(
          and(
            inArray(divisions.semesterId, semesterIds),
            eq(lectures.isActive, true),
            eq(profiles.isActive, true),
          ),
        )
        .orderBy(asc(profiles.id), asc(lectures.offeredSubjectId), asc(divisions.name));
    },

    /** The institution's admins with the branches each administers; active accounts only. */
    async branchAdmins(institutionId: number): Promise<Array<Recipient & { branchId: number }>> {
      return db
        .select({
          profileId: profiles.id,
          name: profiles.name,
          email: profiles.email,
          branchId: adminBranches.branchId,
        })
        .from(adminBranches)
        .innerJoin(profiles, eq(profiles.id, adminBranches.profileId))
        .where(
          and(
            eq(profiles.institutionId, institutionId),
            eq(profiles.role, 'admin'),
            eq(profiles.isActive, true),
          ),
        )
        .orderBy(asc(profiles.id), asc(adminBranches.branchId));
    },
  };
}
