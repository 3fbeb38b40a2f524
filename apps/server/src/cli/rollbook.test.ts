import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import {
  authRoutes,
  buildPath,
  catalogueRoutes,
  LoginResponseSchema,
  TemporaryPasswordAnswerSchema,
  TokenPairSchema,
} from '@rollbook/contract';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { openDatabase, type DbHandle } from '../db/client';
import { createMailer } from '../lib/mailer';
import { systemClock } from '../lib/clock';
import { createTokenSigner } from '../lib/tokens';
import { call } from '../testing/test-app';
import { csvFiles, sampleWorkbook, withCell, xlsxFile } from '../modules/onboarding/testing/workbook-files';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ENTRY = path.join(ROOT, 'apps/server/src/cli/rollbook.ts');
const SLOW = 180_000;

let dataDir: string;

/** Runs the command in a process of its own, on the embedded database in `dataDir`. */
function rollbook(args: string[], opts: { viaNpm?: boolean } = {}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'never',
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const [command, commandArgs] = opts.viaNpm
    ? ['npm', ['run', '--silent', 'rollbook', '--', ...args]]
    : [process.execPath, ['--import', 'tsx', ENTRY, ...args]];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-cli-'));
});

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm run rollbook', () => {
  it(
    'prints help for the tool and each command, and refuses an unknown command with exit 2',
    async () => {
      const help = await rollbook(['--help'], { viaNpm: true });
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/institution create/);
      expect(help.stdout).toMatch(/import/);
      expect(help.stdout).toMatch(/admin add/);
      const importHelp = await rollbook(['import', '--help']);
      expect(importHelp.code).toBe(0);
      expect(importHelp.stdout).toMatch(/--dry-run/);
      const unknown = await rollbook(['institution', 'destroy']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/Unknown command: institution destroy/);
    },
    SLOW,
  );

  it(
    'starts an institution from an empty database: create, import, and its first admin signs in and sees the streams and semesters',
    async () => {
      const created = await rollbook([
        'institution',
        'create',
        '--name',
        'Government Engineering College',
        '--code',
        'GEC',
        '--timezone',
        'Asia/Kolkata',
        '--admin-email',
        'Registrar@GEC.example',
        '--admin-name',
        'Anita Desai',
        '--json',
      ]);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      const answer = JSON.parse(created.stdout);
      expect(answer).toEqual({
        institution: { slug: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), code: 'GEC' },
        admin: { email: 'registrar@gec.example', temporaryPassword: expect.any(String) },
      });

      const again = await rollbook([
        'institution',
        'create',
        '--name',
        'Another',
        '--code',
        'gec',
        '--timezone',
        'Europe/Atlantis',
        '--admin-email',
        'someone@else.example',
      ]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/"Europe\/Atlantis" is not a time zone/);

      // A folder of .csv files with one bad cell: exit 1, the JSON report, nothing written.
      const folder = path.join(dataDir, 'workbook-csv');
      await mkdir(folder);
      for (const file of csvFiles(withCell(sampleWorkbook(), 'Students', 2, 'branch_code', '99')))
        await writeFile(path.join(folder, file.name), file.data);
      const bad = await rollbook(['import', folder, '--institution', 'gec', '--json']);
      expect(bad.code).toBe(1);
      const badReport = JSON.parse(bad.stdout);
      expect(Object.keys(badReport)).toEqual(['applied', 'sheets', 'problems']);
      expect(badReport.applied).toBe(false);
      expect(badReport.problems).toEqual([
        {
          sheet: 'Students',
          row: 3,
          column: 'branch_code',
          message:
            '"99" is not a branch code of the Branches sheet or of Rollbook (if it had a leading zero, format the column as Text in Excel)',
        },
      ]);

      const workbook = path.join(dataDir, 'gec.xlsx');
      await writeFile(workbook, (await xlsxFile(sampleWorkbook())).data);
      const imported = await rollbook(['import', workbook, '--institution', 'GEC', '--json', '--invite']);
      expect(imported.code).toBe(0);
      const report = JSON.parse(imported.stdout);
      expect(report).toEqual({
        applied: true,
        sheets: expect.objectContaining({ Streams: { created: 2, updated: 0, unchanged: 0 } }),
        problems: [],
      });
      expect(Object.keys(report.sheets)).toEqual([
        'Branches',
        'Streams',
        'Semesters',
        'Classrooms',
        'Subjects',
        'Teachers',
        'Students',
      ]);

      // --invite mailed every person the import created a set-password link (embedded mode: the outbox).
      const outbox = path.join(dataDir, 'outbox');
      const mails = await Promise.all(
        (await readdir(outbox)).map((name) => readFile(path.join(outbox, name), 'utf8')),
      );
      expect(mails).toHaveLength(report.sheets.Teachers.created + report.sheets.Students.created);
      expect(mails.length).toBeGreaterThan(0);
      // The .eml body is quoted-printable: undo its soft line breaks and escaped '=' before reading the link.
      const unfold = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      for (const mail of mails)
        expect(unfold(mail)).toMatch(/update_password\?profile_slug=[^&\s]+&profile_forgot_password_code=/);

      const text = await rollbook(['import', workbook, '--institution', 'GEC']);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/Students\s+0\s+0\s+3/);

      const admin = await rollbook([
        'admin',
        'add',
        '--institution',
        'GEC',
        '--email',
        'head.ce@gec.example',
        '--name',
        'Vikram Rao',
        '--branch',
        '7',
      ]);
      expect(admin.code).toBe(1);
      expect(admin.stderr).toMatch(/GEC has no branch 7; its branches are 07, 16/);

      await signInAndLook(answer.admin.temporaryPassword as string);
    },
    SLOW * 3,
  );

  it(
    'refuses to open the embedded database while a server has it open, and changes nothing',
    async () => {
      // A live process id in the data folder's server.pid is what a running server leaves there.
      const pidFile = path.join(dataDir, 'server.pid');
      await writeFile(pidFile, String(process.pid));
      const create = [
        'institution',
        'create',
        '--name',
        'Busy College',
        '--code',
        'BUSY',
        '--timezone',
        'Asia/Kolkata',
        '--admin-email',
        'registrar@busy.example',
        '--admin-name',
        'Busy Admin',
        '--json',
      ];
      try {
        const refused = await rollbook(create);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(
          new RegExp(
            `process ${process.pid}, the server or a command-line tool\\) is using the embedded database`,
          ),
        );
        expect(refused.stderr).toMatch(/Stop it first/);
      } finally {
        await rm(pidFile, { force: true });
      }
      // Nothing was created: the same code is free once the server is gone.
      const created = await rollbook(create);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
    },
    SLOW,
  );
});

/** The first admin on the real app over the same data folder: sign in, set a password, look around. */
async function signInAndLook(temporaryPassword: string) {
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  try {
    handle = await openDatabase({ dataDir });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'never',
      PLANNER_WARM_UP: 'false',
      PRESENCE_WARM_UP: 'false',
    });
    app = await buildApp({
      deps: {
        config,
        db: handle.db,
        clock: systemClock,
        tokens: createTokenSigner('cli-test-secret-that-is-long-enough-for-hs256', {
          accessSeconds: 3600,
          refreshSeconds: 7200,
        }),
        mailer: createMailer({
          smtpUrl: undefined,
          from: config.mailFrom,
          outboxDir: path.join(dataDir, 'outbox'),
          log: pino({ level: 'silent' }),
        }),
        mediaDir: path.join(dataDir, 'media'),
      },
    });
    await app.ready();
    const login = await call(app, {
      method: 'POST',
      url: `/api${authRoutes.login.path}`,
      body: { email: 'registrar@gec.example', password: temporaryPassword, device_id: null },
    });
    expect(login.status).toBe(200);
    const challenge = TemporaryPasswordAnswerSchema.parse(LoginResponseSchema.parse(login.body));
    const set = await call(app, {
      method: 'POST',
      url: `/api${authRoutes.setNewPassword.path}`,
      body: { password: 'Registrar-2027', profile_slug: challenge.profile_slug },
    });
    expect(set.status).toBe(200);
    const { access } = TokenPairSchema.parse(set.body);

    const streams = await call(app, {
      method: 'GET',
      url: `/api${catalogueRoutes.getStreams.path}`,
      token: access,
    });
    expect(streams.status).toBe(200);
    expect(
      streams.body.data
        .map((s: { stream_code: string; title: string }) => `${s.title} ${s.stream_code}`)
        .sort(),
    ).toEqual(['BE 07', 'BE 16']);
    const ce = streams.body.data.find((s: { stream_code: string }) => s.stream_code === '07');
    const semesters = await call(app, {
      method: 'GET',
      url: `/api${buildPath(catalogueRoutes.getSemestersFromStream, { stream_slug: ce.slug })}`,
      token: access,
    });
    expect(semesters.status).toBe(200);
    expect(semesters.body.data.map((s: { no: number }) => s.no)).toEqual([5]);
    expect(semesters.body.data[0].years).toEqual(['2027-28']);
  } finally {
    await app?.close();
    await handle?.close();
  }
}
