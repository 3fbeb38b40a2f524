/** Keeps a file-name part to ASCII letters, digits, dots and dashes, so every browser and disk takes it. */
function fileNamePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      // The accents NFKD split off, so "Élan" is "Elan", not "E-lan".
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .replace(/[^A-Za-z0-9.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
  );
}

/** What a report export holds, as people read it: each part is left out when the report is not narrowed by it. */
export interface ReportFileLabels {
  kind: 'table' | 'detention';
  /** The subject's code (e.g. 3170701). */
  subject?: string | undefined;
  /** The division, e.g. `sem7-A`. */
  division?: string | undefined;
  batch?: string | undefined;
  /** The detention list's limit. */
  below?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The download name of a report export: `attendance` or `detention_list` (the names they had)
 * followed by what the file holds, e.g. `detention_list_3170701_sem7-A_below-75_2026-10-01_to_2026-10-31.csv`,
 * so several exports on one disk tell themselves apart (record-0004). Safe ASCII only.
 */
export function reportFileName(labels: ReportFileLabels, extension: 'csv' | 'xlsx'): string {
  const from = fileNamePart(labels.from ?? '');
  const to = fileNamePart(labels.to ?? '');
  const range = from && to ? `${from}_to_${to}` : from ? `from_${from}` : to ? `to_${to}` : '';
  const parts = [
    labels.kind === 'detention' ? 'detention_list' : 'attendance',
    fileNamePart(labels.subject ?? ''),
    fileNamePart(labels.division ?? ''),
    labels.batch ? `batch-${fileNamePart(labels.batch)}` : '',
    labels.kind === 'detention' && labels.below !== undefined ? `below-${labels.below}` : '',
    range,
  ];
  return `${parts.filter(Boolean).join('_')}.${extension}`;
}
