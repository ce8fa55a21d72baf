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

  it('refuses bad ports, unknown flags, and a throwaway folder that is also named', () => {
    expect(() => parseHarnessArgs(['--port', 'abc'])).toThrow();
    expect(() => parseHarnessArgs(['--port', '70000'])).toThrow();
    expect(() => parseHarnessArgs(['--host', '0.0.0.0'])).toThrow();
    expect(() => parseHarnessArgs(['--temp', '--data-dir', 'shop'])).toThrow(/--temp/);
  });
});
