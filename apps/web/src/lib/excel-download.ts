import type { ExcelFile } from '@rollbook/contract';

/** The MIME type of the spreadsheets the server sends (contract §9.13). */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Decodes standard base64 into bytes. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Saves a spreadsheet answer as a download: the base64 `file_content` becomes an .xlsx Blob named
 * `file_name`, handed to the browser through a temporary object URL.
 */
export function downloadExcel(file: ExcelFile): void {
  const blob = new Blob([base64ToBytes(file.file_content)], { type: XLSX_MIME });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download synchronously; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
