import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mediaExtensionRoutes } from '@rollbook/contract';
import { onCall, server } from '../../../testing/msw';
import { setupMswServer } from '../../../testing/setup-msw';
import { playToneLoop } from './live-audio';

setupMswServer();

describe('playToneLoop', () => {
  it('fetches the tone at /media/ followed by audio_url as it is, slashes included (§7)', async () => {
    const seen: string[] = [];
    server.use(
      // A session tone's audio_url is `tones/<slug>.wav`: the server's tone route answers it.
      onCall(mediaExtensionRoutes.getTone, ({ request }) => {
        seen.push(new URL(request.url).pathname);
        return new HttpResponse(null, { status: 404 });
      }),
    );
    await expect(playToneLoop('tones/ab12.wav')).rejects.toThrow(
      'the session tone could not be loaded (HTTP 404)',
    );
    expect(seen).toEqual(['/api/media/tones/ab12.wav']);
  });
});
