import { z } from 'zod';
import { bytesSchema } from '../../schemas/common';
import { defineRoute } from '../route';

/**
 * A media path relative to `/media/`: one or more segments (the server issues `tones/<slug>.wav`),
 * none starting with a dot, so no segment can climb out of the media folder.
 */
export const MEDIA_NAME_PATTERN =
  /^(?:[A-Za-z0-9][A-Za-z0-9._-]{0,199}\/){0,3}[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * The address of a media file below the API base. The contract appends `audio_url` after `/media/`
 * as it is: its slashes separate path segments and must stay slashes (`buildPath` would send
 * `tones%2F…`, which no longer matches the server's per-folder routes).
 */
export function mediaPath(audioUrl: string): string {
  return `/media/${audioUrl.split('/').map(encodeURIComponent).join('/')}`;
}

/** The session tone (contract §7). */
export const mediaRoutes = {
  getMedia: defineRoute({
    id: 'media.getMedia',
    method: 'GET',
    path: '/media/{audio_url}',
    auth: 'none',
    roles: [],
    bodyKind: 'none',
    params: z.object({
      audio_url: z.string().regex(MEDIA_NAME_PATTERN, { error: 'audio_url must be a media file name' }),
    }),
    response: bytesSchema('a media file'),
    responseKind: 'binary',
    summary: 'The looping session tone (public, no Authorization header; WAV)',
    section: '7',
  }),
} as const;

/** The media folder of session tones: every tone's `audio_url` is `tones/<slug>.wav`. */
export const TONES_FOLDER = 'tones';

/**
 * A Rollbook refinement of `/media/{audio_url}` for session tones (so not in ROUTES_TABLE; clients
 * still build the address with `mediaPath`): any instance answers a tone, re-creating one another
 * instance generated from its parameters rather than answering 404.
 */
export const mediaExtensionRoutes = {
  getTone: defineRoute({
    id: 'media.getTone',
    method: 'GET',
    path: `/media/${TONES_FOLDER}/{name}`,
    auth: 'none',
    roles: [],
    bodyKind: 'none',
    params: z.object({ name: z.string().max(100) }),
    response: bytesSchema('a tone'),
    responseKind: 'binary',
    summary: 'A session tone (public, no Authorization header; WAV), from any instance',
    description:
      'Rollbook additions (presence-0030): a browser gets the session short loop with an ETag and ' +
      'Cache-Control private, no-cache (If-None-Match with it: 304, no body); a single bytes= Range gets ' +
      '206 with its part; a client that is not a browser and takes gzip gets the lecture-long file ' +
      '(private, no-store). Whole files are limited per client and per file: 429 with Retry-After beyond.',
    section: '7',
  }),
} as const;
