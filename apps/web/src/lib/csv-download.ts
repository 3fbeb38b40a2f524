/** Saves a CSV answer as a download named `fileName` through a temporary object URL. */
export function downloadCsvText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The file name a `Content-Disposition: attachment; filename="…"` header gives, reduced to its last
 * path part; `fallback` when the header is missing or names nothing.
 */
export function attachmentFileName(header: string | null | undefined, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  const name = match?.[1]?.split(/[\\/]/).pop()?.trim();
  return name ? name : fallback;
}
