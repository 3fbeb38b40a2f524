import type * as os from 'node:os';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lowerThreadPriority, priorityShortfall } from './thread-priority';

// Lowering for real is tested in worker threads (verifier-pool.test.ts): done here, it would stay
// lowered for the rest of this test thread.
describe('lowerThreadPriority', () => {
  afterEach(() => {
    vi.doUnmock('node:os');
    vi.resetModules();
  });

  it.each([-1, 1.5, Number.NaN])('refuses an increment of %s and changes nothing', (increment) => {
    const before = getPriority(0);
    expect(lowerThreadPriority(increment)).toMatchObject({
      applied: false,
      why: expect.stringMatching(/whole number/),
    });
    expect(getPriority(0)).toBe(before);
  });

  it('reports the priority as it is for an increment of 0', () => {
    const outcome = lowerThreadPriority(0);
    if (process.platform === 'linux')
      expect(outcome).toEqual({ applied: true, nice: getPriority(0), steps: 0 });
    else expect(outcome).toMatchObject({ applied: false, why: expect.stringMatching(/per process/) });
  });

  it.runIf(process.platform === 'linux')(
    'says why when the system refuses, instead of throwing',
    async () => {
      vi.doMock('node:os', async (original) => ({
        ...(await original<typeof os>()),
        setPriority: () => {
          throw new Error('A system error occurred: uv_os_setpriority returned EACCES (permission denied)');
        },
      }));
      const { lowerThreadPriority: lower } = await import('./thread-priority');
      expect(lower(10)).toEqual({ applied: false, why: expect.stringContaining('EACCES') });
    },
  );
});

describe('priorityShortfall', () => {
  it('is silent when the priority is as asked, or when nothing was asked', () => {
    expect(priorityShortfall({ applied: true, nice: 10, steps: 10 }, 10)).toBeNull();
    expect(priorityShortfall({ applied: false, why: 'per process on darwin' }, 0)).toBeNull();
  });

  it('says what fell short: refused, or fewer steps because the server already runs low', () => {
    expect(priorityShortfall({ applied: false, why: 'EACCES' }, 10)).toBe('not lowered: EACCES');
    expect(priorityShortfall({ applied: true, nice: 19, steps: 4 }, 10)).toBe(
      "lowered by 4 of 10 steps (nice 19, the server's own 15)",
    );
  });
});
