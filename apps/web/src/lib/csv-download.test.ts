import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './csv-download';

describe('attachmentFileName', () => {
  it.each([
    ['attachment; filename="session_data_IS_A_2026-11-02.csv"', 'session_data_IS_A_2026-11-02.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ["attachment; filename*=UTF-8''utf.csv", 'utf.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', 'fallback.csv'],
    [null, 'fallback.csv'],
    ['attachment; filename=""', 'fallback.csv'],
  ])('reads %s as %s', (header, expected) => {
    expect(attachmentFileName(header, 'fallback.csv')).toBe(expected);
  });
});
