DROP INDEX "attendances_student_id_index";--> statement-breakpoint
CREATE INDEX "attendances_record_marks_idx" ON "attendances" USING btree ("session_id","student_id","is_present","excuse");--> statement-breakpoint
CREATE INDEX "attendances_student_marks_idx" ON "attendances" USING btree ("student_id","session_id","is_present","excuse");