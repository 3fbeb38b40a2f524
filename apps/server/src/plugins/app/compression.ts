import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Replies smaller than this are sent as they are: compressing them saves too little to pay for. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Compresses the API's replies (JSON above ~1 kB: timetables, lists, reports) with Brotli or gzip,
 * whichever the caller accepts. Registered inside the `/api` scope only: the web app's files are
 * compressed once at build time (see web.ts), socket.io negotiates its own. Request bodies are
 * never inflated here: an upload is read as sent, within the upload limits.
 */
export async function registerApiCompression(api: FastifyInstance) {
  await api.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: MIN_COMPRESSED_BYTES,
    globalDecompression: false,
  });
}
