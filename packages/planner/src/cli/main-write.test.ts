import type * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from './main';

// The rename is replaced by one that can fail on demand: a full disk or a lost mount at the last step.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof fs>();
  return { ...actual, renameSync: vi.fn(actual.renameSync) };
});

describe('planner CLI writing --out', () => {
  const dir = mkdtempSync(join(tmpdir(), 'planner-cli-write-'));
  const input = join(dir, 'in.json');
  writeFileSync(
    input,
    JSON.stringify({
      subjects: [{ slug: 'core', name: 'Core', L: 3, T: 1, P: 2, elective: false }],
      students: [
        { slug: 'a', enrollment: '1', electives: [] },
        { slug: 'b', enrollment: '2', electives: [] },
      ],
      maxDivisionSize: 2,
    }),
  );

  const quietly = async (args: string[]) => {
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      return { code: await main(args), message: written.join('') };
    } finally {
      stderr.mockRestore();
    }
  };

  it('keeps the earlier file whole and leaves nothing beside it when the last step fails', async () => {
    const output = join(dir, 'plan.json');
    writeFileSync(output, 'the earlier plan');
    vi.mocked(renameSync).mockImplementationOnce(() => {
      throw new Error('ENOSPC: no space left on device');
    });
    const outcome = await quietly(['divisions', '--in', input, '--out', output]);
    expect(outcome.code).toBe(1);
    expect(readFileSync(output, 'utf8')).toBe('the earlier plan');
    expect(readdirSync(dir).sort()).toEqual(['in.json', 'plan.json']);
    expect(outcome.message).toContain('ENOSPC');
    expect(outcome.message).toContain(
      `Nothing was written to ${output}: the file there is from an earlier run.`,
    );
    // The next run writes it.
    expect((await quietly(['divisions', '--in', input, '--out', output])).code).toBe(0);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toHaveProperty('divisions');
  });

  it('does not call a directory in the way an earlier file', async () => {
    const output = join(dir, 'a-directory');
    mkdirSync(output);
    const outcome = await quietly(['divisions', '--in', input, '--out', output]);
    expect(outcome.code).toBe(1);
    expect(outcome.message).not.toContain('from an earlier run');
    expect(readdirSync(dir).filter((name) => name.includes('.partial-'))).toEqual([]);
    // A path through a file (ENOTDIR) fails the same way, without a second error on the way out.
    const through = await quietly(['divisions', '--in', input, '--out', join(input, 'plan.json')]);
    expect(through.code).toBe(1);
    expect(through.message).toContain('ENOTDIR');
  });
});
