import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readToneParamsFromWav } from '../tone/create-session-tone';
import { parseToneParams, type ToneParams } from '../tone/tone-params';
import type { TeacherChunk } from '../verify/teacher-chunks';
import { joinNegativeValues } from './cli-args';
import { VERIFY_PROOF_USAGE, verifyProofCommand } from './verify-proof-command';
import { verifyPresence, type VerifyInput } from '../verify/verify-presence';

export const VERIFY_USAGE = `${VERIFY_PROOF_USAGE}
  first design (a looped public tone), kept for decisions stored before v2:
  presence verify --tone tone.wav|params.json --teacher <dir> --student student.wav --start-time <ms>
                [--lat <deg> --lon <deg> [--accuracy <m>]] [--room-lat <deg> --room-lon <deg> [--radius <m>]]
  --teacher  folder of teacher chunks named by their timestamp: <epoch-ms>.pcm (raw PCM16) or <epoch-ms>.wav`;

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number`);
  return n;
}

/** Wrong or missing command-line arguments (exit code 64). */
export class UsageError extends Error {}

async function loadTone(path: string): Promise<ToneParams> {
  const bytes = new Uint8Array(await readFile(path));
  if (path.toLowerCase().endsWith('.json'))
    return parseToneParams(JSON.parse(new TextDecoder().decode(bytes)));
  return readToneParamsFromWav(bytes);
}

async function loadTeacherChunks(dir: string): Promise<TeacherChunk[]> {
  const names = await readdir(dir);
  const chunks: TeacherChunk[] = [];
  for (const name of names) {
    const match = /^(\d+)/.exec(name);
    if (!match) continue;
    chunks.push({ timestampMs: Number(match[1]), bytes: new Uint8Array(await readFile(join(dir, name))) });
  }
  return chunks.sort((a, b) => a.timestampMs - b.timestampMs);
}

/**
 * `presence verify`: verifies one case from files and returns the JSON the server would store
 * (metrics, verdict, reasons, plus audit details and timings).
 */
export async function verifyCommand(argv: string[]): Promise<string> {
  if (argv.includes('--session') || argv.some((a) => a.startsWith('--session=')))
    return verifyProofCommand(argv);
  const { values } = parseArgs({
    args: joinNegativeValues(
      argv,
      new Set([
        'tone',
        'teacher',
        'student',
        'start-time',
        'lat',
        'lon',
        'accuracy',
        'room-lat',
        'room-lon',
        'radius',
      ]),
    ),
    options: {
      tone: { type: 'string' },
      teacher: { type: 'string' },
      student: { type: 'string' },
      'start-time': { type: 'string' },
      lat: { type: 'string' },
      lon: { type: 'string' },
      accuracy: { type: 'string' },
      'room-lat': { type: 'string' },
      'room-lon': { type: 'string' },
      radius: { type: 'string' },
    },
  });
  if (!values.tone || !values.student || values['start-time'] === undefined) {
    throw new UsageError(`missing --tone, --student or --start-time\n${VERIFY_USAGE}`);
  }
  const startMs = numberOption(values['start-time'], 'start-time')!;
  const lat = numberOption(values.lat, 'lat');
  const lon = numberOption(values.lon, 'lon');
  const roomLat = numberOption(values['room-lat'], 'room-lat');
  const roomLon = numberOption(values['room-lon'], 'room-lon');
  const accuracy = numberOption(values.accuracy, 'accuracy');
  const radius = numberOption(values.radius, 'radius');
  const input: VerifyInput = {
    tone: await loadTone(values.tone),
    studentWav: new Uint8Array(await readFile(values.student)),
    studentStartMs: startMs,
    teacherChunks: values.teacher ? await loadTeacherChunks(values.teacher) : [],
    ...(lat !== undefined && lon !== undefined
      ? {
          position: {
            latitude: lat,
            longitude: lon,
            ...(accuracy !== undefined ? { accuracyM: accuracy } : {}),
          },
        }
      : {}),
    ...(roomLat !== undefined && roomLon !== undefined
      ? {
          classroom: {
            latitude: roomLat,
            longitude: roomLon,
            ...(radius !== undefined ? { radiusM: radius } : {}),
          },
        }
      : {}),
  };
  const result = verifyPresence(input);
  return JSON.stringify(result, null, 2);
}
