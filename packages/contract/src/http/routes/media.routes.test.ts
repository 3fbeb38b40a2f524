import { describe, expect, it } from 'vitest';
import { MEDIA_NAME_PATTERN, mediaPath } from './media.routes';

describe('media paths (§7)', () => {
  it('keeps the slashes of audio_url, encoding only what is inside a segment', () => {
    expect(mediaPath('tones/ab12.wav')).toBe('/media/tones/ab12.wav');
    expect(mediaPath('tones/a b#.wav')).toBe('/media/tones/a%20b%23.wav');
  });

  it('accepts relative media paths and refuses ones that could leave the media folder', () => {
    expect(MEDIA_NAME_PATTERN.test('tones/ab12.wav')).toBe(true);
    expect(MEDIA_NAME_PATTERN.test('tone.wav')).toBe(true);
    for (const bad of [
      '/tones/a.wav',
      '../secrets.json',
      'tones/../../x',
      'tones//a.wav',
      '.env',
      'tones/',
    ]) {
      expect(MEDIA_NAME_PATTERN.test(bad), bad).toBe(false);
    }
  });
});
