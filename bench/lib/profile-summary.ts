// Summarises V8 CPU profiles (`node --cpu-prof`, e.g. `bell.bench.ts --cpu-prof <dir>`): self time
// per thread, per module (the file, or the package under node_modules) and per function, so a
// bench's profile can be read without a browser.
//
// Run: npx tsx bench/lib/profile-summary.ts <dir or .cpuprofile files> [--top 25]
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { numberOption } from './options';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const TOP = numberOption('top', 25);

/** Where a function lives, short: a package name for node_modules, the repo path otherwise. */
function moduleOf(url: string): string {
  if (!url) return '(native / V8)';
  const clean = url.replace(/^file:\/\//, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (clean.startsWith('node:')) return clean;
  const repo = clean.search(/\/(apps|packages|bench)\//);
  return repo >= 0 ? clean.slice(repo + 1) : clean;
}

function add(map: Map<string, number>, key: string, ms: number) {
  map.set(key, (map.get(key) ?? 0) + ms);
}

function top(map: Map<string, number>, total: number, n: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, ms]) => `  ${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${k}`,
    );
}

async function files(args: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const arg of args) {
    if ((await stat(arg)).isDirectory()) {
      for (const f of await readdir(arg, { recursive: true }))
        if (f.endsWith('.cpuprofile')) out.push(path.join(arg, f));
    } else out.push(arg);
  }
  return out.sort();
}

const args = process.argv.slice(2).filter((a, i, all) => a !== '--top' && all[i - 1] !== '--top');
const byThreadKind = new Map<string, number>();
const byModule = new Map<string, Map<string, number>>();
const byFunction = new Map<string, Map<string, number>>();
for (const file of await files(args)) {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // timeDeltas[i] is the time before sample i: charge it to the sample's node.
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  // A worker thread's profile has the worker entry among its frames; the main thread's has not.
  const isWorker = profile.nodes.some((n) => n.callFrame.url.includes('verify-worker'));
  const kind = isWorker ? 'worker' : 'main';
  const modules = byModule.get(kind) ?? new Map<string, number>();
  const functions = byFunction.get(kind) ?? new Map<string, number>();
  byModule.set(kind, modules);
  byFunction.set(kind, functions);
  for (const [id, ms] of self) {
    const node = nodes.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    // Idle is the thread waiting, not work.
    if (functionName === '(idle)') continue;
    add(byThreadKind, kind, ms);
    add(modules, moduleOf(url), ms);
    add(functions, `${functionName || '(anonymous)'}  ${moduleOf(url)}:${lineNumber + 1}`, ms);
  }
}
for (const [kind, total] of byThreadKind) {
  console.log(`\n## ${kind} threads: ${(total / 1000).toFixed(1)} s of samples (idle excluded)`);
  console.log('by module:');
  console.log(top(byModule.get(kind)!, total, TOP).join('\n'));
  console.log('by function:');
  console.log(top(byFunction.get(kind)!, total, TOP).join('\n'));
}
