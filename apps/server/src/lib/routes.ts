import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  describeIssues,
  fastifyPath,
  issuesOf,
  UPLOAD_TOO_LARGE_MESSAGE,
  type RouteDef,
} from '@rollbook/contract';
import type { AuthContext } from './caller';
import { AppError } from './app-error';
import { assertNoNul } from './nul-guard';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface RouteContext<R extends RouteDef> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Present on every bearer route (the registrar authenticates before the handler runs). */
  auth: R['auth'] extends 'bearer' ? AuthContext : AuthContext | null;
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
  files: Record<string, UploadedFile>;
}

/** What a handler answers; a binary answer may also be a stream, sent as it is written. */
type HandlerResult<R extends RouteDef> = R['responseKind'] extends 'binary'
  ? Infer<R['response']> | Readable
  : Infer<R['response']>;

export type RouteHandler<R extends RouteDef> = (ctx: RouteContext<R>) => Promise<HandlerResult<R>>;

async function readMultipart(request: FastifyRequest, route: RouteDef) {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'This call expects multipart/form-data');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const expectedFiles = new Set(route.files ?? []);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!expectedFiles.has(part.fieldname)) continue;
        files[part.fieldname] = {
          fieldname: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          data,
        };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', UPLOAD_TOO_LARGE_MESSAGE);
    }
    // Other limits carry their status (413); a body that is not valid multipart is the caller's fault.
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw new AppError('bad_request', 'The upload could not be read: the multipart body is malformed');
  }
  assertNoNul({ fields });
  const missing = [...expectedFiles].filter((f) => !files[f]);
  if (missing.length > 0) {
    const issues = missing.map((f) => ({ path: f, message: 'A file is required' }));
    throw new AppError('validation_failed', describeIssues(issues), { issues });
  }
  let body: unknown = fields;
  if (route.body) {
    const parsed = route.body.safeParse(fields);
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      throw new AppError('validation_failed', describeIssues(issues), { issues });
    }
    body = parsed.data;
  }
  return { body, files };
}

/**
 * Registers one contract route. The method, exact path, schemas, authentication and role check all
 * come from the contract's definition, so a handler only does its own job and cannot forget the
 * role check. A caller with the wrong role gets 403; an anonymous caller of a bearer route gets 401.
 */
export interface RouteOptions {
  /**
   * Runs after authentication and before a multipart body is read: a refusal that needs no body
   * (e.g. a rate limit) costs the server nothing of the upload.
   */
  beforeBody?: (request: FastifyRequest, auth: AuthContext | null) => Promise<void>;
  /** Per-route limit (see @fastify/rate-limit); `message` is what the caller is told on 429. */
  rateLimit?: {
    max: number;
    timeWindow: string;
    message: string;
    keyGenerator?: (request: FastifyRequest) => string;
  };
}

export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
): void {
  const rateLimit = options.rateLimit
    ? {
        // After parsing, so a key generator can read the body (e.g. the login email).
        hook: 'preHandler' as const,
        max: options.rateLimit.max,
        timeWindow: options.rateLimit.timeWindow,
        ...(options.rateLimit.keyGenerator ? { keyGenerator: options.rateLimit.keyGenerator } : {}),
        errorResponseBuilder: () => new AppError('too_many_requests', options.rateLimit?.message),
      }
    : undefined;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema: Record<string, unknown> = {
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.id.split('.')[0] ?? 'api'],
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.bodyKind === 'json' && route.body ? { body: route.body } : {}),
    ...(route.responseKind === 'envelope' || route.responseKind === 'bare'
      ? { response: { 200: route.response } }
      : {}),
    ...(route.auth === 'bearer' ? { security: [{ bearerAuth: [] }] } : {}),
  };
  typed.route({
    method: route.method,
    url: fastifyPath(route.path),
    schema,
    config: { routeId: route.id, ...(rateLimit ? { rateLimit } : {}) },
    // Before validation: a caller without the right token or role learns nothing about the input rules.
    async preValidation(request) {
      if (route.auth === 'bearer') {
        const auth = await app.authenticate(request);
        if (route.roles.length > 0 && !route.roles.includes(auth.role)) {
          throw new AppError('forbidden', 'You do not have permission to do this');
        }
      }
      // Before the schemas, so the message names the real problem even where a pattern would fail.
      assertNoNul({ params: request.params, query: request.query, body: request.body });
    },
    async handler(request, reply) {
      const auth: AuthContext | null = request.auth;
      let body: unknown = request.body;
      let files: Record<string, UploadedFile> = {};
      if (options.beforeBody) await options.beforeBody(request, auth);
      if (route.bodyKind === 'multipart') ({ body, files } = await readMultipart(request, route));
      const ctx = {
        request,
        reply,
        auth,
        params: request.params,
        query: request.query,
        body,
        files,
      } as RouteContext<R>;
      return handler(ctx);
    },
  });
}
