import { describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../../src/harness/cli-args';

describe('npm run web arguments', () => {
  it('reads --port, --data-dir and --temp, all optional', () => {
    expect(parseHarnessArgs([])).toEqual({ port: undefined, dataDir: undefined, temp: false });
    expect(parseHarnessArgs(['--port', '5317', '--data-dir', 'shop'])).toEqual({ port: 5317, dataDir: 'shop', temp: false });
    expect(parseHarnessArgs(['--temp'])).toEqual({ port: undefined, dataDir: undefined, temp: true });
  });

  it('--accept-weak-token-protection is the only way to let the harness keep a live token in its plain file', () => {
    expect(parseHarnessArgs(['--accept-weak-token-protection'])).toMatchObject({ acceptWeakTokenProtection: true });
    expect(parseHarnessArgs([]).acceptWeakTokenProtection).toBeUndefined();
    expect(() => parseHarnessArgs(['--accept-weak-token-protection=no'])).toThrow();
  });

  it('--not-sent-after-seconds and --not-sent-lookups shorten the never-sent rule; either alone keeps the other default', () => {
    expect(parseHarnessArgs(['--not-sent-after-seconds', '20', '--not-sent-lookups', '2'])).toMatchObject({
      notSentRule: { lookups: 2, afterMs: 20_000 },
    });
    expect(parseHarnessArgs(['--not-sent-lookups', '3']).notSentRule).toEqual({ lookups: 3, afterMs: 15 * 60_000 });
    expect(parseHarnessArgs([]).notSentRule).toBeUndefined();
    expect(() => parseHarnessArgs(['--not-sent-lookups', '0'])).toThrow();
    expect(() => parseHarnessArgs(['--not-sent-after-seconds', 'soon'])).toThrow();
  });

  it('--balance-every-seconds reads the wallet more often than once a minute (tests); bad values are refused', () => {
    expect(parseHarnessArgs(['--balance-every-seconds', '2'])).toMatchObject({ balanceEveryMs: 2_000 });
    expect(parseHarnessArgs([]).balanceEveryMs).toBeUndefined();
    expect(() => parseHarnessArgs(['--balance-every-seconds', '0'])).toThrow();
    expect(() => parseHarnessArgs(['--balance-every-seconds', 'often'])).toThrow();
  });

  it('refuses bad ports, unknown flags, and a throwaway folder that is also named', () => {
    expect(() => parseHarnessArgs(['--port', 'abc'])).toThrow();
    expect(() => parseHarnessArgs(['--port', '70000'])).toThrow();
    expect(() => parseHarnessArgs(['--host', '0.0.0.0'])).toThrow();
    expect(() => parseHarnessArgs(['--temp', '--data-dir', 'shop'])).toThrow(/--temp/);
  });
});
