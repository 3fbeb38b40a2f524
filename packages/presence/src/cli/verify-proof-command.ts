import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PresenceInputError } from '../errors';
import type { TonePlayback } from '../proof/timing-window';
import { verifyProof, type ProofInput } from '../proof/verify-proof';
import {
  DEFAULT_SCHEDULE_CONFIG,
  parseScheduleConfig,
  type ToneScheduleConfig,
} from '../schedule/tone-schedule';
import type { TeacherChunk } from '../verify/teacher-chunks';
import { joinNegativeValues, numberOption } from './cli-args';

export const VERIFY_PROOF_USAGE = `presence verify --session session.json --student student.wav --start-time <ms> --upload-time <ms>
                [--clock-tolerance <ms>] [--teacher <dir> [--teacher-pending] | --no-teacher-stream]
                [--lat <deg> --lon <deg> [--accuracy <m>]] [--room-lat <deg> --room-lon <deg> [--radius <m>]]
                [--challenge-attempt <id>] [--review-untimed-tone]
  --session  JSON {"keyHex", "config"?, "playback", "challengeConfig"?}: the session's key, schedule config and how it was played
  --challenge-attempt  the attempt id when the two-way check was required (the challenge derives from the key and it)
  --review-untimed-tone  the institution sends marks the tone cannot time (a looped file, its phase not observed) to review
  --teacher  folder of teacher chunks named by server time: <ms>.pcm (raw PCM16, chunk start) or <ms>.wav (chunk end)
  all times are server epoch milliseconds; negative numbers work as "--lon -0.12"`;

const VALUE_OPTIONS = [
  'session',
  'student',
  'start-time',
  'upload-time',
  'clock-tolerance',
  'teacher',
  'lat',
  'lon',
  'accuracy',
  'room-lat',
  'room-lon',
  'radius',
  'challenge-attempt',
];

/** Wrong or missing command-line arguments (exit code 64). */
export class ProofUsageError extends Error {}

const usage = (message: string): Error => new ProofUsageError(`${message}\n${VERIFY_PROOF_USAGE}`);

interface SessionFile {
  tone: ProofInput['tone'];
  /** The challenge's config when the institution set one other than the default for the tone. */
  challengeConfig?: ToneScheduleConfig;
}

async function loadSession(path: string): Promise<SessionFile> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new PresenceInputError('bad_tone_params', `${path} is not a JSON session file`);
  }
  const v = json as { keyHex?: unknown; config?: unknown; playback?: unknown; challengeConfig?: unknown };
  if (typeof v.keyHex !== 'string')
    throw new PresenceInputError('bad_tone_params', 'the session file has no keyHex');
  const p = v.playback as Partial<TonePlayback> | undefined;
  const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
  let playback: TonePlayback;
  if (p?.kind === 'live' && finite(p.epochMs) && finite(p.offsetMs) && finite(p.toleranceMs)) {
    playback = { kind: 'live', epochMs: p.epochMs, offsetMs: p.offsetMs, toleranceMs: p.toleranceMs };
  } else if (
    p?.kind === 'file' &&
    finite(p.loopS) &&
    finite(p.startedMs?.min) &&
    finite(p.startedMs?.max) &&
    (p.fromS === undefined || (finite(p.fromS) && p.fromS >= 0))
  ) {
    playback = {
      kind: 'file',
      loopS: p.loopS,
      startedMs: { min: p.startedMs.min, max: p.startedMs.max },
      ...(finite(p.fromS) ? { fromS: p.fromS } : {}),
      ...(p.heardInStream === true ? { heardInStream: true } : {}),
    };
  } else {
    throw new PresenceInputError('bad_tone_params', 'the session file has no valid playback (live or file)');
  }
  return {
    tone: {
      keyHex: v.keyHex,
      config: v.config === undefined ? DEFAULT_SCHEDULE_CONFIG : parseScheduleConfig(v.config),
      playback,
    },
    ...(v.challengeConfig !== undefined ? { challengeConfig: parseScheduleConfig(v.challengeConfig) } : {}),
  };
}

async function loadTeacherChunks(dir: string): Promise<TeacherChunk[]> {
  const chunks: TeacherChunk[] = [];
  for (const name of await readdir(dir)) {
    const match = /^(\d+(?:\.\d+)?)\.(pcm|wav)$/i.exec(name);
    if (!match) continue;
    chunks.push({ timestampMs: Number(match[1]), bytes: new Uint8Array(await readFile(join(dir, name))) });
  }
  return chunks.sort((a, b) => a.timestampMs - b.timestampMs);
}

/**
 * `presence verify --session ...`: re-checks one v2 decision from files and returns the JSON of
 * `verifyProof` (verdict, every check with its reasons, the stored metrics, the evidence).
 */
export async function verifyProofCommand(argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: joinNegativeValues(argv, new Set(VALUE_OPTIONS)),
    options: {
      ...Object.fromEntries(VALUE_OPTIONS.map((o) => [o, { type: 'string' as const }])),
      'teacher-pending': { type: 'boolean' },
      'no-teacher-stream': { type: 'boolean' },
      'review-untimed-tone': { type: 'boolean' },
    },
  });
  const v = values as Record<string, string | boolean | undefined>;
  const str = (name: string): string | undefined => {
    const value = v[name];
    return typeof value === 'string' ? value : undefined;
  };
  const num = (name: string): number | undefined => numberOption(str(name), name, usage);
  const session = str('session');
  const student = str('student');
  const startMs = num('start-time');
  const uploadMs = num('upload-time');
  if (!session || !student || startMs === undefined || uploadMs === undefined) {
    throw usage('missing --session, --student, --start-time or --upload-time');
  }
  if (v['no-teacher-stream'] && str('teacher'))
    throw usage('--teacher and --no-teacher-stream exclude each other');
  const lat = num('lat');
  const lon = num('lon');
  const roomLat = num('room-lat');
  const roomLon = num('room-lon');
  const accuracy = num('accuracy');
  const radius = num('radius');
  const tolerance = num('clock-tolerance');
  const teacherDir = str('teacher');
  const attempt = str('challenge-attempt');
  const sessionFile = await loadSession(session);
  const input: ProofInput = {
    tone: sessionFile.tone,
    ...(attempt !== undefined
      ? {
          challenge: {
            attemptId: attempt,
            ...(sessionFile.challengeConfig ? { config: sessionFile.challengeConfig } : {}),
          },
        }
      : {}),
    studentWav: new Uint8Array(await readFile(student)),
    timing: {
      claimedStartMs: startMs,
      uploadReceivedMs: uploadMs,
      ...(tolerance !== undefined ? { clockToleranceMs: tolerance } : {}),
    },
    teacher: {
      streaming: !v['no-teacher-stream'],
      final: !v['teacher-pending'],
      chunks: teacherDir ? await loadTeacherChunks(teacherDir) : [],
    },
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
    ...(v['review-untimed-tone'] ? { reviewUntimedTone: true } : {}),
  };
  return JSON.stringify(verifyProof(input), null, 2);
}
