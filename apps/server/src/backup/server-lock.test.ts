import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimEmbeddedDataDir, DataDirInUseError, refuseEmbeddedWhileServed } from './server-lock';

describe('one process at a time on the embedded database', () => {
  let dataDir: string;
  const pidFile = () => path.join(dataDir, 'server.pid');
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-lock-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is refused while another live process holds it', async () => {
    // The parent of this test process is alive and is not this process.
    await writeFile(pidFile(), String(process.ppid));
    expect(() => refuseEmbeddedWhileServed(undefined, dataDir)).toThrow(DataDirInUseError);
    expect(() => claimEmbeddedDataDir(undefined, dataDir)).toThrow(/Stop it first/);
    expect(await readFile(pidFile(), 'utf8')).toBe(String(process.ppid));
  });

  it('goes ahead with no holder, a holder gone (stale pid), itself, or PostgreSQL', async () => {
    expect(() => refuseEmbeddedWhileServed(undefined, dataDir)).not.toThrow();
    // Process ids stay below 2^22 on Linux: this one cannot be alive.
    await writeFile(pidFile(), String(2 ** 22 + 17));
    expect(() => refuseEmbeddedWhileServed(undefined, dataDir)).not.toThrow();
    await writeFile(pidFile(), String(process.ppid));
    expect(() => refuseEmbeddedWhileServed('postgres://db.example/rollbook', dataDir)).not.toThrow();
  });

  it('is taken by a claim, in a folder made for it, and then refuses no one but others', async () => {
    const fresh = path.join(dataDir, 'not-yet');
    claimEmbeddedDataDir(undefined, fresh);
    expect(await readFile(path.join(fresh, 'server.pid'), 'utf8')).toBe(String(process.pid));
    expect(() => claimEmbeddedDataDir(undefined, fresh)).not.toThrow();
  });
});
