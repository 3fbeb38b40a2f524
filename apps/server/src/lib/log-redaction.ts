/** Query parameters that carry a secret: the §13 event stream's access token (EventSource sends no header). */
const SECRET_QUERY = /([?&]access_token=)[^&#]*/gi;

/** A request URL fit for the log: secrets in its query replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request log line (method, url, host, address), with the URL's secrets redacted. */
export function requestLogSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
