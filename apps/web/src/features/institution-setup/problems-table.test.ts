import { describe, expect, it } from 'vitest';
import { placeOf } from './problems-table';

describe('placeOf', () => {
  it('names the sheet, then the row and column', () => {
    expect(placeOf({ sheet: 'Students', row: 7, column: 'email', message: 'x' })).toEqual({
      sheet: 'Students',
      cell: 'Row 7, email',
    });
  });

  it('says what it can of a problem that is not about one cell', () => {
    expect(placeOf({ sheet: null, row: null, column: null, message: 'x' })).toEqual({
      sheet: 'Whole file',
      cell: null,
    });
    expect(placeOf({ sheet: 'Teachers', row: null, column: 'email', message: 'x' })).toEqual({
      sheet: 'Teachers',
      cell: 'Column email',
    });
    expect(placeOf({ sheet: 'Teachers', row: 4, column: null, message: 'x' })).toEqual({
      sheet: 'Teachers',
      cell: 'Row 4',
    });
  });
});
