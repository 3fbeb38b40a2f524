import { recordClip } from '../../lib/audio/record-clip';
import { prepareChallenge } from '../../lib/audio/challenge-emitter';

/**
 * The recorder and the two-way challenge's synthesis, in an object so unit tests (jsdom cannot
 * record) can replace them with `vi.spyOn`; the app never swaps them. Only the marking flow
 * (`mark-attendance.ts`, loaded at the first mark) imports this, so neither is in the page's
 * first load.
 */
export const markingDevices = { recordClip, prepareChallenge };
