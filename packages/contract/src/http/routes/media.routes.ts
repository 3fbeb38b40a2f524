import { z } from 'zod';
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
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
      error: 'media body must be bytes',
    }),
    responseKind: 'binary',
    summary: 'The looping session tone (public, no Authorization header; WAV)',
    section: '7',
  }),
} as const;
