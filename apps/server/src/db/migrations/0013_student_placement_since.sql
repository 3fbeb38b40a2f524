ALTER TABLE "batch_students" ADD COLUMN "since" date;--> statement-breakpoint
ALTER TABLE "division_students" ADD COLUMN "since" date;