import { eq } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '../../db/client';
import { institutions } from '../../db/schema';

const settingsColumns = {
  id: institutions.id,
  slug: institutions.slug,
  name: institutions.name,
  code: institutions.code,
  timezone: institutions.timezone,
  campusLatitude: institutions.campusLatitude,
  campusLongitude: institutions.campusLongitude,
  sessionStartEarlyMinutes: institutions.sessionStartEarlyMinutes,
  sessionStartLateMinutes: institutions.sessionStartLateMinutes,
  sessionWindowAlwaysOpen: institutions.sessionWindowAlwaysOpen,
  attendanceThresholdPercent: institutions.attendanceThresholdPercent,
  syllabusUrlTemplate: institutions.syllabusUrlTemplate,
  correctionWindowDays: institutions.correctionWindowDays,
  excusedCountsAs: institutions.excusedCountsAs,
  recordingRetentionDays: institutions.recordingRetentionDays,
  detentionNoticeDate: institutions.detentionNoticeDate,
  toneBandLowHz: institutions.toneBandLowHz,
  toneBandHighHz: institutions.toneBandHighHz,
  twoWayCheck: institutions.twoWayCheck,
  twoWayCheckRequired: institutions.twoWayCheckRequired,
  reviewUntimedTone: institutions.reviewUntimedTone,
};

export type SettingsRow = SelectResultFields<typeof settingsColumns>;
/** The settings columns a change may write. */
export type SettingsValues = Omit<SettingsRow, 'id' | 'slug' | 'code'>;

/** Queries of the institution's settings row; no rules here. */
export function createSettingsRepository(db: DbOrTx) {
  return {
    async settingsOf(institutionId: number): Promise<SettingsRow | undefined> {
      const [row] = await db
        .select(settingsColumns)
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row;
    },

    /**
     * The row, locked until the transaction ends: settings changes and classroom writes of one
     * institution run one at a time, so a change's "before" is what it really replaced.
     */
    async lockedSettingsOf(institutionId: number): Promise<SettingsRow | undefined> {
      const [row] = await db
        .select(settingsColumns)
        .from(institutions)
        .where(eq(institutions.id, institutionId))
        .for('update');
      return row;
    },

    async updateSettings(institutionId: number, values: SettingsValues): Promise<void> {
      await db.update(institutions).set(values).where(eq(institutions.id, institutionId));
    },
  };
}
