CREATE TABLE "instant_lecture_batches" (
	"instant_lecture_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	CONSTRAINT "instant_lecture_batches_instant_lecture_id_batch_id_pk" PRIMARY KEY("instant_lecture_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "instant_lecture_divisions" (
	"instant_lecture_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	CONSTRAINT "instant_lecture_divisions_instant_lecture_id_division_id_pk" PRIMARY KEY("instant_lecture_id","division_id")
);
--> statement-breakpoint
CREATE TABLE "instant_lectures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instant_lectures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"semester_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"offered_subject_id" integer,
	"title" text,
	"classroom_id" integer,
	"day" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instant_lectures_slug_unique" UNIQUE("slug"),
	CONSTRAINT "instant_lectures_subject_or_title" CHECK (("instant_lectures"."offered_subject_id" is null) <> ("instant_lectures"."title" is null))
);
--> statement-breakpoint
DROP INDEX "attendances_student_id_index";--> statement-breakpoint
ALTER TABLE "lecture_sessions" ALTER COLUMN "lecture_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lecture_sessions" ADD COLUMN "instant_lecture_id" integer;--> statement-breakpoint
ALTER TABLE "instant_lecture_batches" ADD CONSTRAINT "instant_lecture_batches_instant_lecture_id_instant_lectures_id_fk" FOREIGN KEY ("instant_lecture_id") REFERENCES "public"."instant_lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_lecture_batches" ADD CONSTRAINT "instant_lecture_batches_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_lecture_divisions" ADD CONSTRAINT "instant_lecture_divisions_instant_lecture_id_instant_lectures_id_fk" FOREIGN KEY ("instant_lecture_id") REFERENCES "public"."instant_lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_lecture_divisions" ADD CONSTRAINT "instant_lecture_divisions_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_lectures" ADD CONSTRAINT "instant_lectures_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_lectures" ADD CONSTRAINT "instant_lectures_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_lectures" ADD CONSTRAINT "instant_lectures_offered_subject_id_offered_subjects_id_fk" FOREIGN KEY ("offered_subject_id") REFERENCES "public"."offered_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_lectures" ADD CONSTRAINT "instant_lectures_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instant_lecture_batches_batch_id_index" ON "instant_lecture_batches" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "instant_lecture_divisions_division_id_index" ON "instant_lecture_divisions" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "instant_lectures_teacher_id_day_index" ON "instant_lectures" USING btree ("teacher_id","day");--> statement-breakpoint
CREATE INDEX "instant_lectures_semester_id_day_index" ON "instant_lectures" USING btree ("semester_id","day");--> statement-breakpoint
ALTER TABLE "lecture_sessions" ADD CONSTRAINT "lecture_sessions_instant_lecture_id_instant_lectures_id_fk" FOREIGN KEY ("instant_lecture_id") REFERENCES "public"."instant_lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendances_record_marks_idx" ON "attendances" USING btree ("session_id","student_id","is_present","excuse");--> statement-breakpoint
CREATE INDEX "attendances_student_marks_idx" ON "attendances" USING btree ("student_id","session_id","is_present","excuse");--> statement-breakpoint
ALTER TABLE "lecture_sessions" ADD CONSTRAINT "lecture_sessions_instant_lecture_id_unique" UNIQUE("instant_lecture_id");--> statement-breakpoint
ALTER TABLE "lecture_sessions" ADD CONSTRAINT "lecture_sessions_one_lecture" CHECK (("lecture_sessions"."lecture_id" is null) <> ("lecture_sessions"."instant_lecture_id" is null));