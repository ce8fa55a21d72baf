import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROVIDER_STATUSES, TXN_STATUSES, isFinal, parseProviderStatus } from '../../src/shared/status';

describe('transaction statuses', () => {
  it('knows the document five, Accepted, and the local states', () => {
    expect([...TXN_STATUSES].sort()).toEqual(
      ['Accepted', 'Error', 'Failure', 'NeedsAttention', 'Pending', 'Refunded', 'Submitting', 'Success', 'Unknown'].sort(),
    );
  });

  it('treats only Success, Failure, Refunded and Error as final', () => {
    expect(TXN_STATUSES.filter(isFinal).sort()).toEqual(['Error', 'Failure', 'Refunded', 'Success']);
  });

  it('reads every letter case and stores the canonical form', () => {
    for (const s of PROVIDER_STATUSES) {
      for (const spelled of [s, s.toUpperCase(), s.toLowerCase(), ` ${s} `]) {
        expect(parseProviderStatus(spelled)).toEqual({ status: s, raw: spelled });
      }
    }
  });

  it('never turns an unrecognised word into a final status or a failure', () => {
    for (const word of ['FAILED', 'done', 'processing', '', 'null', 'Success!']) {
      expect(parseProviderStatus(word).status).toBe('Unknown');
    }
    expect(parseProviderStatus(undefined).status).toBe('Unknown');
    expect(parseProviderStatus(42).status).toBe('Unknown');
  });

  it('property: any string maps to a known status, and only documented words become final', () => {
    const documented = new Set(PROVIDER_STATUSES.map((s) => s.toLowerCase()));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...PROVIDER_STATUSES).map((s) => s.toUpperCase()),
        ),
        (word) => {
          const { status } = parseProviderStatus(word);
          expect(TXN_STATUSES).toContain(status);
          if (isFinal(status)) expect(documented.has(word.trim().toLowerCase())).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
