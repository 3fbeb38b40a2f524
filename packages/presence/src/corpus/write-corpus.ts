import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeToneWav } from '../tone/create-session-tone';
import { isRiff } from '../wav/decode-teacher-chunk';
import { planCases, renderCase } from './cases';

/**
 * Writes a seeded corpus to `dir`, one folder per case: `tone.wav` (with embedded parameters),
 * `tone.json`, `student.wav`, `teacher/<timestamp>.pcm|.wav` (the chunks as received on the
 * socket) and `case.json` (the truth, start time, positions and the `presence verify` command that
 * audits it). Returns the number of cases written.
 */
export async function writeCorpus(dir: string, count: number, seed: number): Promise<number> {
  const specs = planCases(count, seed);
  for (const spec of specs) {
    const { input } = renderCase(spec);
    const caseDir = join(dir, spec.id);
    const teacherDir = join(caseDir, 'teacher');
    await mkdir(teacherDir, { recursive: true });
    await writeFile(join(caseDir, 'tone.wav'), encodeToneWav(input.tone));
    await writeFile(join(caseDir, 'tone.json'), JSON.stringify(input.tone, null, 2));
    await writeFile(join(caseDir, 'student.wav'), input.studentWav);
    for (const chunk of input.teacherChunks) {
      const ext = isRiff(chunk.bytes) ? 'wav' : 'pcm';
      await writeFile(join(teacherDir, `${chunk.timestampMs}.${ext}`), chunk.bytes);
    }
    const p = input.position!;
    const c = input.classroom!;
    const command = [
      'npx tsx packages/presence/src/cli/main.ts verify',
      `--tone ${join(caseDir, 'tone.wav')}`,
      `--teacher ${teacherDir}`,
      `--student ${join(caseDir, 'student.wav')}`,
      `--start-time ${input.studentStartMs}`,
      `--lat ${p.latitude} --lon ${p.longitude} --accuracy ${p.accuracyM ?? 0}`,
      `--room-lat ${c.latitude} --room-lon ${c.longitude}`,
    ].join(' ');
    const truth = {
      spec,
      expected: spec.cls === 'present' ? 'present' : 'absent',
      studentStartMs: input.studentStartMs,
      position: p,
      classroom: c,
      verify: command,
    };
    await writeFile(join(caseDir, 'case.json'), JSON.stringify(truth, null, 2));
  }
  return specs.length;
}
