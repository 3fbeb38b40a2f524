import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, refuseEmbeddedWhileServed } from './server-lock';

describe('a tool beside a running server', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-lock-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is refused on the embedded database while the server process lives', async () => {
    await writeFile(path.join(dataDir, 'server.pid'), String(process.pid));
    expect(() => refuseEmbeddedWhileServed(undefined, dataDir)).toThrow(DataDirInUseError);
    expect(() => refuseEmbeddedWhileServed(undefined, dataDir)).toThrow(/Stop the server first/);
  });

  it('goes ahead with no server, a server gone (stale pid), or PostgreSQL', async () => {
    expect(() => refuseEmbeddedWhileServed(undefined, dataDir)).not.toThrow();
    // Process ids stay below 2^22 on Linux: this one cannot be alive.
    await writeFile(path.join(dataDir, 'server.pid'), String(2 ** 22 + 17));
    expect(() => refuseEmbeddedWhileServed(undefined, dataDir)).not.toThrow();
    await writeFile(path.join(dataDir, 'server.pid'), String(process.pid));
    expect(() => refuseEmbeddedWhileServed('postgres://db.example/rollbook', dataDir)).not.toThrow();
  });
});
