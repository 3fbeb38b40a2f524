CREATE TABLE "student_departures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_departures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"left_on" date NOT NULL,
	"returned_on" date,
	CONSTRAINT "student_departures_return_after_leaving" CHECK ("student_departures"."returned_on" is null or "student_departures"."returned_on" > "student_departures"."left_on")
);
--> statement-breakpoint
ALTER TABLE "student_departures" ADD CONSTRAINT "student_departures_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_departures_student_id_index" ON "student_departures" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_departures_one_open" ON "student_departures" USING btree ("student_id") WHERE "student_departures"."returned_on" is null;--> statement-breakpoint
-- Students deactivated before this migration left on the day of their latest deactivation (in the
-- institution's zone) where the audit log has it, else today: nothing they already have is lost.
INSERT INTO "student_departures" ("student_id", "left_on")
SELECT s."id", coalesce(
    (SELECT (max(a."created_at") AT TIME ZONE i."timezone")::date FROM "audit_log" a
      WHERE a."action" = 'person.deactivate' AND a."entity_slug" = p."slug" AND a."institution_id" = s."institution_id"),
    (now() AT TIME ZONE i."timezone")::date)
FROM "students" s
JOIN "profiles" p ON p."id" = s."profile_id"
JOIN "institutions" i ON i."id" = s."institution_id"
WHERE NOT p."is_active";
--> statement-breakpoint
-- Before this migration, starting a session gave every expected student an absent row, deactivated
-- ones included. Those rows (in sessions started after the student's latest deactivation, with no
-- mark, request, excuse or correction of any kind) are what record-0004 now never creates: removed,
-- so a student who is reactivated is not counted absent for days they were away. The tallies follow
-- through their triggers.
DELETE FROM "attendances" a
USING "lecture_sessions" ls, "students" s, "profiles" p
WHERE ls."id" = a."session_id" AND s."id" = a."student_id" AND p."id" = s."profile_id"
  AND NOT p."is_active"
  AND NOT a."is_present" AND NOT a."manual" AND a."marking_time" IS NULL AND a."verdict" IS NULL
  AND a."excuse" IS NULL AND a."corrected_at" IS NULL AND a."regulization_status" IS NULL
  AND a."changed_by_teacher_at" IS NULL
  AND coalesce(ls."started_at", ls."created_at") > (
    SELECT max(al."created_at") FROM "audit_log" al
    WHERE al."action" = 'person.deactivate' AND al."entity_slug" = p."slug"
      AND al."institution_id" = s."institution_id");
