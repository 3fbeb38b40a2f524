// What the marking benches send and measure: one student's upload as the browser sends it, and
// percentiles of the latencies they collect.
import { readFile } from 'node:fs/promises';

export interface UploadResult {
  enrollment: string;
  startedAt: number;
  status: number;
  code: unknown;
  /** The answer's message when it was not a mark (why it failed). */
  message?: string;
  tookMs: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** One student's `mark_attendance_for_student/` as the browser sends it (multipart, recording.wav). */
export async function uploadMark(
  base: string,
  lectureSlug: string,
  room: { latitude: number; longitude: number },
  student: { enrollment: string; token: string },
  recording: Uint8Array,
  startMs: number,
): Promise<UploadResult> {
  const form = new FormData();
  form.set('latitude', String(room.latitude));
  form.set('longitude', String(room.longitude));
  form.set('lecture_slug', lectureSlug);
  form.set('start_time', String(Math.round(startMs)));
  form.set('audio', new Blob([recording], { type: 'audio/wav' }), 'recording.wav');
  const startedAt = performance.now();
  let status = 0;
  let code: unknown;
  let message: string | undefined;
  try {
    const res = await fetch(`${base}/api/manage/session/mark_attendance_for_student/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${student.token}` },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    status = res.status;
    const body = (await res.json()) as { code?: unknown; message?: string };
    code = body.code;
    message = body.message;
  } catch (err) {
    code = String(err);
  }
  return {
    enrollment: student.enrollment,
    startedAt,
    status,
    code,
    ...(message === undefined ? {} : { message }),
    tookMs: performance.now() - startedAt,
  };
}

/** CPU seconds (user + system, all threads) a process has used so far, from /proc (Linux). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
