CREATE TABLE "attendance_tallies" (
	"student_id" integer NOT NULL,
	"lecture_key" integer NOT NULL,
	"marks" integer NOT NULL,
	"present" integer NOT NULL,
	"excused" integer NOT NULL,
	CONSTRAINT "attendance_tallies_student_id_lecture_key_pk" PRIMARY KEY("student_id","lecture_key")
);
--> statement-breakpoint
CREATE INDEX "attendance_tallies_lecture_idx" ON "attendance_tallies" USING btree ("lecture_key","student_id");