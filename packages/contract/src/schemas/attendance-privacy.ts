import { z } from 'zod';

/** How long a student's raw recordings and exact positions are kept (the institution's setting). */
export const AttendancePrivacySchema = z.object({
  recording_retention_days: z.number().int().min(1),
});
export type AttendancePrivacy = z.infer<typeof AttendancePrivacySchema>;
