import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldForSearch } from '@rollbook/contract';
import { useTestApp } from '../../testing/test-app';
import { executeRows } from './execute-rows';
import { foldedColumn } from './search-fold';

const t = useTestApp();

const NAMES = [
  'José Álvarez',
  "Mary O'Neil",
  'Anil D’Souza',
  'ÉLODIE ŁUKASZ',
  'ĐORĐE ĦAMRUN',
  'GROẞ Øre',
  'Straße',
];

describe('the SQL fold mirrors the contract’s', () => {
  it('folds every name as foldForSearch does, under the database’s collation and under C', async () => {
    for (const name of NAMES) {
      for (const collation of [sql``, sql` collate "C"`]) {
        const [row] = await executeRows<{ folded: string }>(
          t.db,
          sql`select ${foldedColumn(sql`(${name}::text${collation})`)} as folded`,
        );
        expect(row?.folded, name).toBe(foldForSearch(name));
      }
    }
  });
});
