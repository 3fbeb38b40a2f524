// Reads the output of one CI step and prints "<passed> <failed>" test counts from the runner's own
// summary (vitest: "Tests  N passed | M failed (T)"; Playwright: "N passed", "M failed"). A step
// without such a summary (typecheck, lint) counts as one check.
import { readFileSync } from 'node:fs';

const [file, exitCode] = process.argv.slice(2);
const text = readFileSync(file, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
let found = false;
for (const line of text.split('\n')) {
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  const playwright = /^\s*(\d+) (passed|failed|flaky)( \(|$)/.exec(line);
  if (vitest) {
    found = true;
    passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
  } else if (playwright) {
    found = true;
    if (playwright[2] === 'failed') failed += Number(playwright[1]);
    else passed += Number(playwright[1]);
  }
}
if (!found) {
  if (exitCode === '0') passed = 1;
  else failed = 1;
}
// A runner that crashed after printing a clean summary still failed.
if (exitCode !== '0' && failed === 0) failed = 1;
console.log(`${passed} ${failed}`);
