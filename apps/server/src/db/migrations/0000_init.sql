CREATE TABLE "academic_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "academic_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"start_year" smallint NOT NULL,
	"end_year" smallint NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_terms_slug_unique" UNIQUE("slug"),
	CONSTRAINT "academic_terms_institution_id_start_year_unique" UNIQUE("institution_id","start_year")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"branch_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_slug_unique" UNIQUE("slug"),
	CONSTRAINT "branches_institution_id_branch_code_unique" UNIQUE("institution_id","branch_code")
);
--> statement-breakpoint
CREATE TABLE "classroom_branches" (
	"classroom_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	CONSTRAINT "classroom_branches_classroom_id_branch_id_pk" PRIMARY KEY("classroom_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classrooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"class_name" text NOT NULL,
	"kind" text DEFAULT 'classroom' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_m" smallint DEFAULT 100 NOT NULL,
	"capacity" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classrooms_slug_unique" UNIQUE("slug"),
	CONSTRAINT "classrooms_institution_id_class_name_unique" UNIQUE("institution_id","class_name")
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "institutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"timezone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"campus_latitude" double precision,
	"campus_longitude" double precision,
	"default_teacher_max_hours" smallint DEFAULT 18 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "semesters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"stream_id" integer NOT NULL,
	"term_id" integer,
	"no" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"start_date" date,
	"end_date" date,
	"academic_year" text,
	"subjects_locked" boolean DEFAULT false NOT NULL,
	"subject_choice_deadline" date,
	"deadline_reminder_sent_on" date,
	"divisions_created" boolean DEFAULT false NOT NULL,
	"allocation_confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "semesters_slug_unique" UNIQUE("slug"),
	CONSTRAINT "semesters_stream_id_no_term_id_unique" UNIQUE("stream_id","no","term_id")
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "streams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"title" text NOT NULL,
	"stream_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streams_slug_unique" UNIQUE("slug"),
	CONSTRAINT "streams_branch_id_title_stream_code_unique" UNIQUE("branch_id","title","stream_code")
);
--> statement-breakpoint
CREATE TABLE "admin_branches" (
	"profile_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"ordering" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_branches_profile_id_branch_id_pk" PRIMARY KEY("profile_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"role" text NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"phone" text,
	"gender" text,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"email_updated_at" timestamp with time zone,
	"forgot_password_requested_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"enrollment" text NOT NULL,
	"sr_no" text,
	"branch_id" integer NOT NULL,
	"stream_id" integer,
	"semester_id" integer,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_slug_unique" UNIQUE("slug"),
	CONSTRAINT "students_profile_id_unique" UNIQUE("profile_id"),
	CONSTRAINT "students_institution_id_enrollment_unique" UNIQUE("institution_id","enrollment"),
	CONSTRAINT "students_institution_id_device_id_unique" UNIQUE("institution_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "teacher_branches" (
	"teacher_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"ordering" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "teacher_branches_teacher_id_branch_id_pk" PRIMARY KEY("teacher_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teachers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"teacher_code" text NOT NULL,
	"seniority" smallint,
	"max_weekly_hours" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teachers_slug_unique" UNIQUE("slug"),
	CONSTRAINT "teachers_profile_id_unique" UNIQUE("profile_id"),
	CONSTRAINT "teachers_institution_id_teacher_code_unique" UNIQUE("institution_id","teacher_code")
);
--> statement-breakpoint
CREATE TABLE "auth_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_challenges_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"jti" text NOT NULL,
	"family_id" text NOT NULL,
	"profile_id" integer NOT NULL,
	"device_id" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "refresh_tokens_jti_unique" UNIQUE("jti")
);
--> statement-breakpoint
CREATE TABLE "catalogue_subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"degree" text NOT NULL,
	"stream_code" text NOT NULL,
	"sem_year" smallint NOT NULL,
	"subject_code" text NOT NULL,
	"academic_year" text NOT NULL,
	"eff_from" text NOT NULL,
	"subject_name" text NOT NULL,
	"short_name" text,
	"category" text NOT NULL,
	"l" smallint NOT NULL,
	"t" smallint NOT NULL,
	"p" smallint NOT NULL,
	"credit" numeric(4, 1) NOT NULL,
	"e" smallint NOT NULL,
	"m" smallint NOT NULL,
	"i" smallint NOT NULL,
	"v" smallint NOT NULL,
	"total_marks" smallint NOT NULL,
	"is_elective" boolean DEFAULT false NOT NULL,
	"is_theory" boolean DEFAULT true NOT NULL,
	"is_practical" boolean DEFAULT false NOT NULL,
	"is_semipractical" boolean DEFAULT false NOT NULL,
	"is_functional" boolean DEFAULT false NOT NULL,
	"practical_exam_duration" text DEFAULT '' NOT NULL,
	"theory_exam_duration" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "catalogue_subjects_slug_unique" UNIQUE("slug"),
	CONSTRAINT "catalogue_subjects_institution_id_stream_code_subject_code_academic_year_unique" UNIQUE("institution_id","stream_code","subject_code","academic_year")
);
--> statement-breakpoint
CREATE TABLE "choice_group_students" (
	"group_id" integer NOT NULL,
	"student_profile_id" integer NOT NULL,
	CONSTRAINT "choice_group_students_group_id_student_profile_id_pk" PRIMARY KEY("group_id","student_profile_id")
);
--> statement-breakpoint
CREATE TABLE "choice_group_subjects" (
	"group_id" integer NOT NULL,
	"offered_subject_id" integer NOT NULL,
	CONSTRAINT "choice_group_subjects_group_id_offered_subject_id_pk" PRIMARY KEY("group_id","offered_subject_id")
);
--> statement-breakpoint
CREATE TABLE "choice_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "choice_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"semester_id" integer NOT NULL,
	"signature" text NOT NULL,
	CONSTRAINT "choice_groups_slug_unique" UNIQUE("slug"),
	CONSTRAINT "choice_groups_semester_id_signature_unique" UNIQUE("semester_id","signature")
);
--> statement-breakpoint
CREATE TABLE "elective_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "elective_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"semester_id" integer NOT NULL,
	"category" text NOT NULL,
	CONSTRAINT "elective_categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "elective_categories_semester_id_category_unique" UNIQUE("semester_id","category")
);
--> statement-breakpoint
CREATE TABLE "elective_category_subjects" (
	"category_id" integer NOT NULL,
	"offered_subject_id" integer NOT NULL,
	CONSTRAINT "elective_category_subjects_category_id_offered_subject_id_pk" PRIMARY KEY("category_id","offered_subject_id")
);
--> statement-breakpoint
CREATE TABLE "offered_subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offered_subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"semester_id" integer NOT NULL,
	"catalogue_subject_id" integer NOT NULL,
	"is_elective" boolean DEFAULT false NOT NULL,
	"is_technical" boolean DEFAULT true NOT NULL,
	"ordering" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offered_subjects_slug_unique" UNIQUE("slug"),
	CONSTRAINT "offered_subjects_semester_id_catalogue_subject_id_unique" UNIQUE("semester_id","catalogue_subject_id")
);
--> statement-breakpoint
CREATE TABLE "subject_choice_items" (
	"choice_id" integer NOT NULL,
	"offered_subject_id" integer NOT NULL,
	"ordering" smallint NOT NULL,
	CONSTRAINT "subject_choice_items_choice_id_offered_subject_id_pk" PRIMARY KEY("choice_id","offered_subject_id"),
	CONSTRAINT "subject_choice_items_choice_id_ordering_unique" UNIQUE("choice_id","ordering")
);
--> statement-breakpoint
CREATE TABLE "subject_choice_options" (
	"choice_id" integer NOT NULL,
	"offered_subject_id" integer NOT NULL,
	CONSTRAINT "subject_choice_options_choice_id_offered_subject_id_pk" PRIMARY KEY("choice_id","offered_subject_id")
);
--> statement-breakpoint
CREATE TABLE "subject_choices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subject_choices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"profile_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"kind" text NOT NULL,
	"choices_saved" boolean DEFAULT false NOT NULL,
	"choices_locked" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_choices_slug_unique" UNIQUE("slug"),
	CONSTRAINT "subject_choices_profile_id_semester_id_unique" UNIQUE("profile_id","semester_id")
);
--> statement-breakpoint
CREATE TABLE "batch_students" (
	"batch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "batch_students_batch_id_student_id_pk" PRIMARY KEY("batch_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"division_id" integer NOT NULL,
	"batch_name" text NOT NULL,
	"kind" text DEFAULT 'core' NOT NULL,
	"offered_subject_id" integer,
	"ordering" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "batches_slug_unique" UNIQUE("slug"),
	CONSTRAINT "batches_division_id_batch_name_unique" UNIQUE("division_id","batch_name")
);
--> statement-breakpoint
CREATE TABLE "division_students" (
	"semester_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "division_students_semester_id_student_id_pk" PRIMARY KEY("semester_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "divisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"semester_id" integer NOT NULL,
	"division_name" text NOT NULL,
	"ordering" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "divisions_slug_unique" UNIQUE("slug"),
	CONSTRAINT "divisions_semester_id_division_name_unique" UNIQUE("semester_id","division_name")
);
--> statement-breakpoint
CREATE TABLE "offered_subject_batches" (
	"offered_subject_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	CONSTRAINT "offered_subject_batches_offered_subject_id_batch_id_pk" PRIMARY KEY("offered_subject_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "lecture_batches" (
	"lecture_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	CONSTRAINT "lecture_batches_lecture_id_batch_id_pk" PRIMARY KEY("lecture_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "lectures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lectures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"timetable_id" integer NOT NULL,
	"day" text NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"type" text NOT NULL,
	"offered_subject_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"classroom_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_proxy" boolean DEFAULT false NOT NULL,
	CONSTRAINT "lectures_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "timetables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timetables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"division_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetables_slug_unique" UNIQUE("slug"),
	CONSTRAINT "timetables_division_id_unique" UNIQUE("division_id")
);
--> statement-breakpoint
CREATE TABLE "attendances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"is_present" boolean DEFAULT false NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"marking_time" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_m" double precision,
	"gps_distance" double precision,
	"similarity" double precision,
	"euclidean_distance" double precision,
	"ncc" double precision,
	"magnitude" double precision,
	"verdict" text,
	"reasons" jsonb,
	"device_id" text,
	"regulization_status" text,
	"regulization_comment" text,
	"changed_by_teacher_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendances_slug_unique" UNIQUE("slug"),
	CONSTRAINT "attendances_session_id_student_id_unique" UNIQUE("session_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "lecture_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lecture_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"lecture_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'pre' NOT NULL,
	"classroom_final_id" integer,
	"audio_path" text,
	"tone_params" jsonb,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_sessions_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "lecture_sessions_lecture_id_day_unique" UNIQUE("lecture_id","day")
);
--> statement-breakpoint
CREATE TABLE "teacher_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teacher_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"semester_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"offered_subject_id" integer NOT NULL,
	"division_id" integer,
	"batch_id" integer,
	"kind" text NOT NULL,
	"hours" real NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_allocations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" integer,
	"actor_profile_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_slug" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"profile_id" integer NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'unseen' NOT NULL,
	"semester_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "notifications_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "academic_terms" ADD CONSTRAINT "academic_terms_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_branches" ADD CONSTRAINT "classroom_branches_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_branches" ADD CONSTRAINT "classroom_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_term_id_academic_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."academic_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_branches" ADD CONSTRAINT "admin_branches_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_branches" ADD CONSTRAINT "admin_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_branches" ADD CONSTRAINT "teacher_branches_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_branches" ADD CONSTRAINT "teacher_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_changes" ADD CONSTRAINT "password_changes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_subjects" ADD CONSTRAINT "catalogue_subjects_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice_group_students" ADD CONSTRAINT "choice_group_students_group_id_choice_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."choice_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice_group_students" ADD CONSTRAINT "choice_group_students_student_profile_id_profiles_id_fk" FOREIGN KEY ("student_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice_group_subjects" ADD CONSTRAINT "choice_group_subjects_group_id_choice_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."choice_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice_group_subjects" ADD CONSTRAINT "choice_group_subjects_offered_subject_id_offered_subjects_id_fk" FOREIGN KEY ("offered_subject_id") REFERENCES "public"."offered_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice_groups" ADD CONSTRAINT "choice_groups_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_categories" ADD CONSTRAINT "elective_categories_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_category_subjects" ADD CONSTRAINT "elective_category_subjects_category_id_elective_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."elective_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_category_subjects" ADD CONSTRAINT "elective_category_subjects_offered_subject_id_offered_subjects_id_fk" FOREIGN KEY ("offered_subject_id") REFERENCES "public"."offered_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_subjects" ADD CONSTRAINT "offered_subjects_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_subjects" ADD CONSTRAINT "offered_subjects_catalogue_subject_id_catalogue_subjects_id_fk" FOREIGN KEY ("catalogue_subject_id") REFERENCES "public"."catalogue_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_choice_items" ADD CONSTRAINT "subject_choice_items_choice_id_subject_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."subject_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_choice_items" ADD CONSTRAINT "subject_choice_items_offered_subject_id_offered_subjects_id_fk" FOREIGN KEY ("offered_subject_id") REFERENCES "public"."offered_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_choice_options" ADD CONSTRAINT "subject_choice_options_choice_id_subject_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."subject_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_choice_options" ADD CONSTRAINT "subject_choice_options_offered_subject_id_offered_subjects_id_fk" FOREIGN KEY ("offered_subject_id") REFERENCES "public"."offered_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_choices" ADD CONSTRAINT "subject_choices_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_choices" ADD CONSTRAINT "subject_choices_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_students" ADD CONSTRAINT "batch_students_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_students" ADD CONSTRAINT "batch_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_offered_subject_id_offered_subjects_id_fk" FOREIGN KEY ("offered_subject_id") REFERENCES "public"."offered_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_students" ADD CONSTRAINT "division_students_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_students" ADD CONSTRAINT "division_students_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_students" ADD CONSTRAINT "division_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "divisions" ADD CONSTRAINT "divisions_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_subject_batches" ADD CONSTRAINT "offered_subject_batches_offered_subject_id_offered_subjects_id_fk" FOREIGN KEY ("offered_subject_id") REFERENCES "public"."offered_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offered_subject_batches" ADD CONSTRAINT "offered_subject_batches_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_batches" ADD CONSTRAINT "lecture_batches_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_batches" ADD CONSTRAINT "lecture_batches_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_timetable_id_timetables_id_fk" FOREIGN KEY ("timetable_id") REFERENCES "public"."timetables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_offered_subject_id_offered_subjects_id_fk" FOREIGN KEY ("offered_subject_id") REFERENCES "public"."offered_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_session_id_lecture_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."lecture_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_sessions" ADD CONSTRAINT "lecture_sessions_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_sessions" ADD CONSTRAINT "lecture_sessions_classroom_final_id_classrooms_id_fk" FOREIGN KEY ("classroom_final_id") REFERENCES "public"."classrooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_allocations" ADD CONSTRAINT "teacher_allocations_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_allocations" ADD CONSTRAINT "teacher_allocations_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_allocations" ADD CONSTRAINT "teacher_allocations_offered_subject_id_offered_subjects_id_fk" FOREIGN KEY ("offered_subject_id") REFERENCES "public"."offered_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_allocations" ADD CONSTRAINT "teacher_allocations_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_allocations" ADD CONSTRAINT "teacher_allocations_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "semesters_institution_id_index" ON "semesters" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_email_lower_unique" ON "profiles" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "profiles_institution_id_role_index" ON "profiles" USING btree ("institution_id","role");--> statement-breakpoint
CREATE INDEX "students_semester_id_index" ON "students" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "auth_challenges_profile_id_purpose_index" ON "auth_challenges" USING btree ("profile_id","purpose");--> statement-breakpoint
CREATE INDEX "email_changes_profile_id_index" ON "email_changes" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_index" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_profile_id_index" ON "refresh_tokens" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "catalogue_subjects_institution_id_stream_code_sem_year_academic_year_index" ON "catalogue_subjects" USING btree ("institution_id","stream_code","sem_year","academic_year");--> statement-breakpoint
CREATE INDEX "subject_choices_semester_id_kind_index" ON "subject_choices" USING btree ("semester_id","kind");--> statement-breakpoint
CREATE INDEX "batch_students_student_id_index" ON "batch_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "division_students_division_id_index" ON "division_students" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "lecture_batches_batch_id_index" ON "lecture_batches" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "lectures_teacher_id_day_index" ON "lectures" USING btree ("teacher_id","day");--> statement-breakpoint
CREATE INDEX "lectures_timetable_id_day_index" ON "lectures" USING btree ("timetable_id","day");--> statement-breakpoint
CREATE INDEX "lectures_classroom_id_day_index" ON "lectures" USING btree ("classroom_id","day");--> statement-breakpoint
CREATE INDEX "attendances_student_id_index" ON "attendances" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "teacher_allocations_semester_id_status_index" ON "teacher_allocations" USING btree ("semester_id","status");--> statement-breakpoint
CREATE INDEX "teacher_allocations_teacher_id_index" ON "teacher_allocations" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "audit_log_institution_id_created_at_index" ON "audit_log" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_profile_id_status_index" ON "notifications" USING btree ("profile_id","status");