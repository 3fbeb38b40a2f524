import { describe, expect, it } from 'vitest';
import { readTextAnswer } from './text-response';

describe('readTextAnswer', () => {
  it('returns a successful answer as text, even when it looks like JSON', async () => {
    expect(await readTextAnswer(new Response('a,b\n1,2\n'))).toBe('a,b\n1,2\n');
    expect(await readTextAnswer(new Response('{"x":1}'))).toBe('{"x":1}');
  });

  it('reads an error answer as its envelope so the server message can be shown', async () => {
    const body = { data: null, error: true, message: 'Session not found' };
    expect(await readTextAnswer(new Response(JSON.stringify(body), { status: 404 }))).toEqual(body);
    expect(await readTextAnswer(new Response('Bad gateway', { status: 502 }))).toBe('Bad gateway');
  });
});
