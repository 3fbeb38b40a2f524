import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { authRoutes, notificationRoutes, ok } from '@rollbook/contract';
import { apiBaseUrl } from '../lib/env';

/** The absolute URL of a contract path, as the base query requests it. */
export function apiUrl(path: string): string {
  return `${apiBaseUrl()}${path}`;
}

/** Handlers of a healthy server with a valid session and no notifications. */
export const defaultHandlers: RequestHandler[] = [
  http.get(apiUrl(authRoutes.checkServerAvailability.path), () => HttpResponse.json({ data: true })),
  http.get(apiUrl(authRoutes.checkTokenAuthenticity.path), () =>
    HttpResponse.json(ok({ isAuthenticated: true })),
  ),
  http.get(apiUrl(notificationRoutes.getAlerts.path), () => HttpResponse.json(ok([]))),
];

/** The error envelope of contract §1.4. */
export function errorBody(message: string, code?: string) {
  return { data: null, error: true, message, ...(code ? { code } : {}) };
}

/** One msw server for a test file; call `setupMswServer()` at the top of the file. */
export const server = setupServer(...defaultHandlers);
