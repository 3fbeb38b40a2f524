CREATE TABLE "import_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"institution_id" integer NOT NULL,
	"requested_by" integer,
	"file_name" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_jobs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "session_start_early_minutes" smallint;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "session_start_late_minutes" smallint;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "attendance_threshold_percent" smallint DEFAULT 75 NOT NULL;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "syllabus_url_template" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "institution_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "graduated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalogue_subjects" ADD COLUMN "syllabus_url" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_institution_id_created_at_index" ON "import_jobs" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_code_unique" ON "institutions" USING btree (upper("code"));