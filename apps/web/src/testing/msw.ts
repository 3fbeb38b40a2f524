import {
  http,
  HttpResponse,
  type DefaultBodyType,
  type HttpHandler,
  type HttpResponseResolver,
  type PathParams,
  type RequestHandler,
} from 'msw';
import { setupServer } from 'msw/node';
import {
  attendancePrivacyRoutes,
  authRoutes,
  ErrorEnvelopeSchema,
  notificationRoutes,
  ok,
  pathParamNames,
  type PathValue,
  type RouteDef,
  type RouteResponse,
} from '@rollbook/contract';
import { apiBaseUrl } from '../lib/env';

/** The absolute URL of a contract path, as the base query requests it. */
export function apiUrl(path: string): string {
  return `${apiBaseUrl()}${path}`;
}

/** What msw hands a resolver: the request and the path parameters. */
export type CallInfo = Parameters<HttpResponseResolver<PathParams, DefaultBodyType>>[0];

/**
 * A fake server's answer to a contract call: the 2xx body itself (typed by the route, and parsed
 * with the route's response schema before it is sent), or a ready `Response` for anything else (an
 * error envelope, a proxy's 502 page, a network failure).
 */
export type CallAnswer<R extends RouteDef> = RouteResponse<R> | Response;

export type CallResolver<R extends RouteDef> = (info: CallInfo) => CallAnswer<R> | Promise<CallAnswer<R>>;

// Contract breaches seen since the last check; `setupMswServer` fails the test that caused them,
// because a resolver's exception only becomes a 500 the page under test may well survive.
const violations: string[] = [];

/** Hands over (and forgets) the contract breaches of fake answers since the last call. */
export function takeContractViolations(): string[] {
  return violations.splice(0, violations.length);
}

function violation(route: RouteDef, problem: string): Response {
  const text = `${route.method} ${route.path} (${route.id}): ${problem}`;
  violations.push(text);
  return HttpResponse.json(errorBody(`Fake answer breaks the contract: ${text}`), { status: 500 });
}

const TEXT_TYPES: Partial<Record<RouteDef['responseKind'], string>> = {
  csv: 'text/csv; charset=utf-8',
  text: 'text/plain; charset=utf-8',
};

/** Sends a 2xx body the way the server does for the route's response kind, once the schema accepts it. */
function encode(route: RouteDef, body: unknown): Response {
  const parsed = route.response.safeParse(body);
  if (!parsed.success) return violation(route, parsed.error.message);
  if (route.responseKind === 'envelope' || route.responseKind === 'bare') {
    return HttpResponse.json(parsed.data as DefaultBodyType);
  }
  if (route.responseKind === 'binary') {
    const bytes = parsed.data as Uint8Array;
    return new HttpResponse(new Uint8Array(bytes), {
      headers: { 'content-type': 'application/octet-stream' },
    });
  }
  return HttpResponse.text(String(parsed.data), {
    headers: { 'content-type': TEXT_TYPES[route.responseKind] ?? 'text/plain' },
  });
}

/**
 * Checks a ready-made answer: a success of a JSON call must be returned as a body (so it goes
 * through the schema), and a JSON error must be the contract's error envelope. Non-JSON errors (a
 * proxy's page) and network failures pass as they are.
 */
async function checked(route: RouteDef, response: Response): Promise<Response> {
  if (response.type === 'error') return response;
  const json = response.headers.get('content-type')?.includes('json') ?? false;
  if (response.ok) {
    if (route.responseKind === 'envelope' || route.responseKind === 'bare') {
      return violation(route, 'answer a success with its body, not a Response, so the schema checks it');
    }
    return response;
  }
  if (!json) return response;
  const parsed = ErrorEnvelopeSchema.safeParse(await response.clone().json());
  return parsed.success ? response : violation(route, `error body: ${parsed.error.message}`);
}

export interface CallOptions {
  /** Answer only the first matching request. */
  once?: boolean;
  /** Answer only these path parameter values (the others match any value). */
  params?: Readonly<Record<string, PathValue>>;
}

/** The route's path as an msw pattern: fixed values where given, `:name` for the other parameters. */
function handlerPath(route: RouteDef, fixed: Readonly<Record<string, PathValue>> = {}): string {
  const unknown = Object.keys(fixed).filter((name) => !pathParamNames(route.path).includes(name));
  if (unknown.length > 0) throw new Error(`${route.id} has no path parameter ${unknown.join(', ')}`);
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = fixed[name];
    return value === undefined ? `:${name}` : encodeURIComponent(String(value));
  });
}

/**
 * The fake server's handler for one contract call: method and path come from the route (path
 * parameters as msw `:name`), and every 2xx body is parsed with the route's response schema, so
 * a mock that drifted from the contract fails the test instead of passing it.
 */
export function onCall<R extends RouteDef>(
  route: R,
  resolver: CallResolver<NoInfer<R>>,
  options: CallOptions = {},
): HttpHandler {
  const method = route.method === 'GET' ? http.get : http.post;
  return method(
    apiUrl(handlerPath(route, options.params)),
    async (info) => {
      const answer = await resolver(info);
      return answer instanceof Response ? checked(route, answer) : encode(route, answer);
    },
    { once: options.once ?? false },
  );
}

/** The error envelope of contract §1.4. */
export function errorBody(message: string, code?: string) {
  return { data: null, error: true, message, ...(code ? { code } : {}) };
}

/** A failure answer with the error envelope of contract §1.4. */
export function errorReply(status: number, message: string, code?: string): Response {
  return HttpResponse.json(errorBody(message, code), { status });
}

/** Handlers of a healthy server with a valid session and no notifications. */
export const defaultHandlers: RequestHandler[] = [
  onCall(authRoutes.checkServerAvailability, () => ({ data: true }) as const),
  onCall(authRoutes.checkTokenAuthenticity, () => ok({ isAuthenticated: true })),
  onCall(notificationRoutes.getAlerts, () => ok([])),
  // The student's dashboard reads the retention period for its privacy notice on every visit.
  onCall(attendancePrivacyRoutes.getPrivacy, () => ok({ recording_retention_days: 30 })),
];

/** One msw server for a test file; call `setupMswServer()` at the top of the file. */
export const server = setupServer(...defaultHandlers);
