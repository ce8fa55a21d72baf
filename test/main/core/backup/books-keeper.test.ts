import { describe, expect, it } from 'vitest';
import { warmNow } from '../../../../src/main/core/backup/books-keeper';

/** The session's backup child is started at a quiet moment (starting a process pauses the counter's thread). */
describe('when the session starts its backup child', () => {
  it('waits for the session to settle and the counter to be quiet, but not for ever', () => {
    const at = (sinceOpenMs: number, counterIdleMs: number, wantedForMs = sinceOpenMs) =>
      warmNow({ sinceOpenMs, counterIdleMs, wantedForMs });
    // The first half-minute belongs to the start-up, quiet or not.
    expect(at(10_000, 60_000)).toBe(false);
    // Then: not while the shopkeeper is typing (a call half a second ago), yes after 2 s of quiet.
    expect(at(31_000, 500)).toBe(false);
    expect(at(31_000, 2_500)).toBe(true);
    // A counter never quiet for 2 s gets its child after ten minutes of waiting.
    expect(at(11 * 60_000, 200, 9 * 60_000)).toBe(false);
    expect(at(11 * 60_000, 200, 10 * 60_000)).toBe(true);
  });
});
