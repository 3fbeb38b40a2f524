import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('the embedded outbox', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds each mail whole under its .eml name, and no partial file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rollbook-outbox-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Rollbook <no-reply@rollbook.test>',
      outboxDir: dir,
      log: pino({ level: 'silent' }),
    });
    const text = `Open this link: http://localhost/update_password?code=${'x'.repeat(20_000)}`;
    await Promise.all([
      mailer.send({ to: 'a@rollbook.test', subject: 'One', text }),
      mailer.send({ to: 'b@rollbook.test', subject: 'Two', text }),
    ]);
    mailer.close();
    const names = await readdir(dir);
    expect(names).toHaveLength(2);
    expect(names.every((name) => name.endsWith('.eml'))).toBe(true);
    for (const name of names) {
      const mail = (await readFile(path.join(dir, name), 'utf8')).replace(/=\r?\n/g, '');
      expect(mail).toMatch(/^To: [ab]@rollbook\.test$/m);
      expect(mail).toContain('x'.repeat(1000));
    }
  });
});
