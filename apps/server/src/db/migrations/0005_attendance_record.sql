CREATE TABLE "attendance_corrections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attendance_id" integer NOT NULL,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job" text NOT NULL,
	"institution_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"summary" jsonb,
	CONSTRAINT "job_runs_job_institution_id_period_key_unique" UNIQUE("job","institution_id","period_key")
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "correction_window_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "excused_counts_as" text DEFAULT 'excluded' NOT NULL;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "recording_retention_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "detention_notice_date" date;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "excuse" text;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "recording_path" text;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "personal_data_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_changed_by_profiles_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_corrections_attendance_id_index" ON "attendance_corrections" USING btree ("attendance_id");