import { addChirp } from '../schedule/synthesize-span';
import {
  CHIRP_SHAPES,
  slotBand,
  type ScheduledChirp,
  type ToneScheduleConfig,
} from '../schedule/tone-schedule';
import { correlateChirps } from './chirp-correlations';

// Where a chirp makes the other templates of its slot peak on its own (presence-0021). Two shapes
// that dwell on the same band edge match there: an up chirp that eases in sits near the slot's low
// edge for its first tens of ms, as a down chirp that eases out does for its last, so the down
// template lines up its slow end with the up chirp's slow start, about three quarters of a chirp
// before it (and the other way round, as far after). In a quiet room, or near the speaker, those
// peaks reach the strength of an event; they are the schedule's own sound, not a second source.

/** Offsets (s, from the sounding chirp's start) at which a template peaks on that chirp alone. */
export interface CrossTalkInterval {
  minS: number;
  maxS: number;
}

// A template's normalised correlation with one dry chirp of another shape from which it counts as
// that chirp's cross-talk. The events it explains reach 0.35 and more (the event threshold); 0.2
// bounds the interval a little wider than the peaks, as the room's reflections smear them.
const CROSS_TALK_NCC = 0.2;
// Room around the dry chirp in its analysis clip: a template peaks on another shape's chirp at most
// a chirp length before or after it, so a chirp length of silence and this margin on each side hold
// every interval.
const MARGIN_S = 0.35;
const RATE = 48000;

const tables = new Map<string, Map<string, readonly CrossTalkInterval[]>>();

/** A slot-free key of a template: `direction:shape`. */
export function shapeKey(c: Pick<ScheduledChirp, 'direction' | 'shape'>): string {
  return `${c.direction}:${c.shape}`;
}

/**
 * For a config, by `shapeKey(sounding) > shapeKey(template)`: the offsets where the template's
 * dry ncc with the sounding chirp is at least CROSS_TALK_NCC, other than its own peak (a template on
 * its own chirp is not listed). Slots share one table: they are equally wide and the chirps sweep
 * the same fraction of each. Computed once per config and thread (six correlations of a short clip,
 * tens of ms the first time) and kept.
 */
export function crossTalkTable(config: ToneScheduleConfig): Map<string, readonly CrossTalkInterval[]> {
  const id = JSON.stringify(config);
  const kept = tables.get(id);
  if (kept) return kept;
  const table = new Map<string, readonly CrossTalkInterval[]>();
  const band = slotBand(config, 0);
  const leadS = config.chirpS + MARGIN_S;
  const clipS = leadS + 2 * config.chirpS + MARGIN_S;
  for (const direction of ['up', 'down'] as const) {
    for (const shape of CHIRP_SHAPES) {
      const sounding: ScheduledChirp = {
        index: 0,
        startS: leadS,
        durationS: config.chirpS,
        slot: 0,
        direction,
        shape,
        startHz: direction === 'up' ? band.lowHz : band.highHz,
        endHz: direction === 'up' ? band.highHz : band.lowHz,
      };
      const corr = correlateChirps(dryChirp(sounding, config, clipS), RATE, config, clipS);
      for (const [key, track] of corr.tracks) {
        if (track.slot !== 0) continue;
        const template = key.slice(key.indexOf(':') + 1);
        if (template === shapeKey(sounding)) continue;
        const intervals = intervalsAbove(track.ncc, corr.rate, CROSS_TALK_NCC, leadS);
        if (intervals.length > 0) table.set(`${shapeKey(sounding)}>${template}`, intervals);
      }
    }
  }
  if (tables.size >= 16) tables.clear();
  tables.set(id, table);
  return table;
}

/** One chirp alone in a silent clip, at the config's amplitude. */
function dryChirp(chirp: ScheduledChirp, config: ToneScheduleConfig, clipS: number): Float32Array {
  const out = new Float32Array(Math.round(clipS * RATE));
  addChirp(out, 0, RATE, chirp, config);
  return out;
}

/** Runs of lags with ncc >= level, as offsets from the dry chirp's start. */
function intervalsAbove(ncc: Float32Array, rate: number, level: number, leadS: number): CrossTalkInterval[] {
  const out: CrossTalkInterval[] = [];
  let from = -1;
  for (let l = 0; l <= ncc.length; l++) {
    const above = l < ncc.length && ncc[l]! >= level;
    if (above && from < 0) from = l;
    if (!above && from >= 0) {
      out.push({ minS: from / rate - leadS, maxS: (l - 1) / rate - leadS });
      from = -1;
    }
  }
  return out;
}
