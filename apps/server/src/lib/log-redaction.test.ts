import { describe, expect, it } from 'vitest';
import { redactUrl, requestLogSerializer } from './log-redaction';

describe('request log redaction', () => {
  it("never logs the SSE view's access token", () => {
    expect(redactUrl('/api/manage/session/session_sse_view?session_id=s1&access_token=eyJ.secret.sig')).toBe(
      '/api/manage/session/session_sse_view?session_id=s1&access_token=[redacted]',
    );
    expect(redactUrl('/x?access_token=a&live_tone=1')).toBe('/x?access_token=[redacted]&live_tone=1');
    expect(redactUrl('/api/manage/get_streams')).toBe('/api/manage/get_streams');
  });

  it('keeps the rest of the request line', () => {
    expect(
      requestLogSerializer({
        method: 'GET',
        url: '/a?access_token=t',
        host: 'h',
        ip: '1.2.3.4',
        socket: { remotePort: 5 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/a?access_token=[redacted]',
      host: 'h',
      remoteAddress: '1.2.3.4',
      remotePort: 5,
    });
  });
});
