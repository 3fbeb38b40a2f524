import type { z } from 'zod';
import type { Role } from '../constants';

export type HttpMethod = 'GET' | 'POST';
/**
 * `envelope`/`bare` are JSON (with or without the standard envelope); `csv` and `text` are text
 * (CSV, or another text format such as iCalendar); `binary` is bytes.
 */
export type ResponseKind = 'envelope' | 'bare' | 'csv' | 'text' | 'binary';
export type BodyKind = 'json' | 'multipart' | 'none';
export type AuthKind = 'none' | 'bearer';

/** Any zod object schema (path parameters and query strings are always objects). */
export type AnyZodObject = z.ZodObject<z.ZodRawShape>;

/**
 * One HTTP call of the wire contract. The generics keep the exact zod types of each schema, so
 * `z.infer<typeof someRoute.body>` (or `RouteBody<typeof someRoute>`) is precise for callers.
 */
export interface RouteDef<
  P extends AnyZodObject | undefined = AnyZodObject | undefined,
  Q extends AnyZodObject | undefined = AnyZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable dotted id, e.g. `auth.login`. */
  id: string;
  method: HttpMethod;
  /** Exactly as in contract Appendix A, with `{name}` placeholders for path parameters. */
  path: string;
  auth: AuthKind;
  /** Who may call it; empty for unauthenticated calls. */
  roles: readonly Role[];
  bodyKind: BodyKind;
  /** Path parameters, named as in the path's braces. */
  params?: P;
  query?: Q;
  /** JSON body, or for multipart the text fields (which always arrive as strings). */
  body?: B;
  /** Multipart file field names. */
  files?: readonly string[];
  /** The full 2xx body, envelope included. */
  response: R;
  responseKind: ResponseKind;
  /** One line, for OpenAPI. */
  summary: string;
  /** Longer explanation for the API documentation (rules, formulas), when one line is not enough. */
  description?: string;
  /** Contract section, e.g. `4.3`. */
  section: string;
}

/**
 * Declares a route. It returns its argument unchanged; the `const` type parameter keeps the exact
 * literal types (path, roles) and schema types, which the helper types below read.
 */
export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Converts a contract path to Fastify's syntax: `/manage/get_timetable/{division_slug}` becomes
 * `/manage/get_timetable/:division_slug`.
 */
export function fastifyPath(path: string): string {
  return path.replace(PLACEHOLDER, (_match, name: string) => `:${name}`);
}

/**
 * Names of the `{placeholders}` of a contract path, in order of appearance.
 */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

/** The parsed JSON body (or multipart text fields) of a route. */
export type RouteBody<R extends RouteDef> = Infer<R['body']>;
/** What a caller sends as the body, before coercion. */
export type RouteBodyInput<R extends RouteDef> = Input<R['body']>;
/** The full 2xx body of a route. */
export type RouteResponse<R extends RouteDef> = Infer<R['response']>;
/** The parsed path parameters of a route. */
export type RouteParams<R extends RouteDef> = Infer<R['params']>;
/** The parsed query of a route. */
export type RouteQuery<R extends RouteDef> = Infer<R['query']>;

/** Values that can fill a path placeholder. */
export type PathValue = string | number;

/**
 * Fills a route's `{placeholders}` with URI-encoded values, so a value can never add a path
 * segment or a query string. Throws when a placeholder has no value, because a request to a path
 * with a literal `{x}` in it would silently hit the wrong handler.
 */
export function buildPath(
  route: Pick<RouteDef, 'path'>,
  params: Readonly<Record<string, PathValue>> = {},
): string {
  return route.path.replace(PLACEHOLDER, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}
