import { describe, expect, it } from 'vitest';
import { FILE_PHASE_TOLERANCE_MS } from './file-phase';
import { playingFileStart } from './playing-file';

const shortLoop = { requestedMs: 1000, servedMs: 1300, bytes: 17_280_044 };
const lectureFile = { requestedMs: 60_000, servedMs: 70_000, bytes: 50_000_000, loopS: 4500, fromS: 60 };

describe('which file plays for a recording, and from when', () => {
  it('takes the phase heard in the stream for the short loop', () => {
    const got = playingFileStart({ fileStartedMs: 1500, fileFetches: [shortLoop] }, 30_000);
    expect(got).toEqual({
      startedMs: { min: 1500 - FILE_PHASE_TOLERANCE_MS, max: 1500 + FILE_PHASE_TOLERANCE_MS },
      heardInStream: true,
    });
  });

  it("takes the app's lecture-long download over a phase found for the short loop", () => {
    const got = playingFileStart({ fileStartedMs: 1500, fileFetches: [shortLoop, lectureFile] }, 80_000);
    expect(got).toMatchObject({ heardInStream: false, loopS: 4500, fromS: 60 });
    expect(got!.startedMs.min).toBe(70_000);
    // Before that download was served, the short loop (and its phase) was what played.
    expect(
      playingFileStart({ fileStartedMs: 1500, fileFetches: [shortLoop, lectureFile] }, 65_000),
    ).toMatchObject({
      heardInStream: true,
    });
  });

  it('falls back to the download, and to nothing', () => {
    expect(playingFileStart({ fileFetches: [shortLoop] }, 30_000)).toMatchObject({ heardInStream: false });
    expect(playingFileStart({}, 30_000)).toBeNull();
  });
});
