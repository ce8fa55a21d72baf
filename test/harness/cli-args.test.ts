import { describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../../src/harness/cli-args';

describe('npm run web arguments', () => {
  it('reads --port and --data-dir, both optional', () => {
    expect(parseHarnessArgs([])).toEqual({ port: undefined, dataDir: undefined });
    expect(parseHarnessArgs(['--port', '5317', '--data-dir', 'shop'])).toEqual({ port: 5317, dataDir: 'shop' });
  });

  it('refuses bad ports and unknown flags', () => {
    expect(() => parseHarnessArgs(['--port', 'abc'])).toThrow();
    expect(() => parseHarnessArgs(['--port', '70000'])).toThrow();
    expect(() => parseHarnessArgs(['--host', '0.0.0.0'])).toThrow();
  });
});
