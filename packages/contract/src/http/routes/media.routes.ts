import { z } from 'zod';
import { defineRoute } from '../route';

/**
 * A media file name: one path segment, since the client appends `audio_url` after `/media/`
 * verbatim and Fastify matches `{audio_url}` as a single segment.
 */
export const MEDIA_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

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
