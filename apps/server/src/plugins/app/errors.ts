import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { describeIssues, ERROR_MESSAGES, type ErrorCode } from '@rollbook/contract';
import { AppError, type FieldIssue } from '../../lib/app-error';
import { OUTAGE_MESSAGES, OUTAGE_RETRY_AFTER_SECONDS, outageSource } from '../../lib/outage';

interface ErrorBody {
  data: null;
  error: true;
  message: string;
  code: ErrorCode | number;
  issues?: FieldIssue[];
  [extra: string]: unknown;
}

function body(
  code: ErrorCode,
  message: string,
  issues?: FieldIssue[],
  extra?: Record<string, unknown>,
): ErrorBody {
  // `extra` goes last: attendance replies carry the original server's integer `code` (100) instead.
  return { data: null, error: true, message, code, ...(issues ? { issues } : {}), ...extra };
}

/**
 * The one error handler: every failure leaves as the contract's error envelope. Known errors keep
 * their status and message; anything unexpected is logged with the request and answered with a
 * generic 500 so internals never reach the client.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) {
        if (err.status >= 500) request.log.error({ err }, err.message);
        // A busy or unavailable service: tell clients when trying again makes sense.
        if (err.status === 503) reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
        return reply.status(err.status).send(body(err.code, err.message, err.issues, err.extra));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const issues: FieldIssue[] = err.validation.map((v) => ({
          path: [v.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.'),
          message: v.message ?? 'Invalid value',
        }));
        return reply.status(400).send(body('validation_failed', describeIssues(issues), issues));
      }
      const outage = outageSource(err);
      if (outage) {
        // The database or Redis is down or a limit expired: the client may retry, nothing changed.
        request.log.warn({ err: err.message, outage }, 'dependency unavailable');
        return reply
          .status(503)
          .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
          .send(body('service_unavailable', OUTAGE_MESSAGES[outage]));
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err, issues: err.cause }, 'response does not match the contract');
        return reply.status(500).send(body('internal', ERROR_MESSAGES.internal));
      }
      const status = err.statusCode ?? 500;
      if (status === 413)
        return reply.status(413).send(body('payload_too_large', ERROR_MESSAGES.payload_too_large));
      if (status === 415)
        return reply.status(415).send(body('unsupported_media_type', ERROR_MESSAGES.unsupported_media_type));
      if (status === 429)
        return reply
          .status(429)
          .send(body('too_many_requests', err.message || ERROR_MESSAGES.too_many_requests));
      if (status >= 400 && status < 500) {
        // Malformed JSON, empty body with a JSON content type, and similar framework-level rejections.
        return reply.status(400).send(body('bad_request', err.message || ERROR_MESSAGES.bad_request));
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send(body('internal', ERROR_MESSAGES.internal));
    });
  },
  { name: 'errors' },
);

/** The API's own 404: JSON envelope, never the web app's HTML. */
export function apiNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return reply.status(404).send(body('not_found', `No API call at ${request.method} ${path}`));
  });
}
