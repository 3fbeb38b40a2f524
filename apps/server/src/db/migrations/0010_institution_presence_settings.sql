ALTER TABLE "institutions" ADD COLUMN "tone_band_low_hz" integer;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "tone_band_high_hz" integer;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "two_way_check" boolean DEFAULT false NOT NULL;