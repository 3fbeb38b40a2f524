import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64ToBytes, downloadExcel, XLSX_MIME } from './excel-download';

describe('base64ToBytes', () => {
  it('decodes standard base64', () => {
    expect([...base64ToBytes('UEsDBA==')]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });
});

describe('downloadExcel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads a spreadsheet Blob under the file name', async () => {
    let blob: Blob | null = null;
    URL.createObjectURL = vi.fn((value: Blob) => {
      blob = value;
      return 'blob:sheet';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('teachers.xlsx');
      expect(this.href).toBe('blob:sheet');
    });
    downloadExcel({ file_content: 'UEsDBA==', file_name: 'teachers.xlsx' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(blob).not.toBeNull();
    expect(blob!.type).toBe(XLSX_MIME);
    expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
  });
});
