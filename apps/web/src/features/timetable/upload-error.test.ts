import { describe, expect, it } from 'vitest';
import { isTimetableFileName, uploadFailure } from './upload-error';

describe('uploadFailure', () => {
  it('reads the message and the issues of a rejected file', () => {
    const issues = [{ path: 'row 7, column CST', message: 'Faculty not found' }];
    const body = { data: null, error: true, message: 'The file has 1 problem', issues };
    expect(uploadFailure({ statusCode: 400, message: 'The file has 1 problem', body })).toEqual({
      message: 'The file has 1 problem',
      issues,
    });
  });

  it('drops the first problem from the summary, since the list shows it', () => {
    const issues = [{ path: 'row 4', message: 'A quote (") opened in this row is never closed' }];
    const message =
      'The timetable has 1 problem, so nothing was saved. First: row 4: A quote (") opened in this row is never closed';
    const body = { data: null, error: true, message, issues };
    expect(uploadFailure({ statusCode: 400, message, body })).toEqual({
      message: 'The timetable has 1 problem, so nothing was saved.',
      issues,
    });
  });

  it.each([
    ['master.csv', true],
    ['Master.XLSX', true],
    ['master.xls', false],
    ['photo.png', false],
    ['csv', false],
  ])('accepts %s as a timetable file: %s', (name, accepted) => {
    expect(isTimetableFileName(name)).toBe(accepted);
  });

  it('keeps the message of an error without issues', () => {
    const body = { data: null, error: true, message: 'Only admins can upload', code: 'forbidden' };
    expect(uploadFailure({ statusCode: 403, message: 'Only admins can upload', body })).toEqual({
      message: 'Only admins can upload',
      issues: [],
    });
  });

  it.each([
    ['no answer', { statusCode: 500, message: 'Unexpected error occurred', body: null }],
    ['a thrown error', new Error('boom')],
  ])('falls back to the spec sentence for %s', (_case, error) => {
    expect(uploadFailure(error)).toEqual({
      message: 'File upload failed. See console for more information.',
      issues: [],
    });
  });
});
