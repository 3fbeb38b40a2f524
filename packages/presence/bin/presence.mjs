#!/usr/bin/env node
// Launcher: runs the TypeScript CLI through tsx (resolved from this package, any working directory).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');
const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const run = spawnSync(process.execPath, [tsxCli, main, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
