import { describe, expect, it } from 'vitest';

describe('test runtime', () => {
  it('runs on Node 24 line (>= 22.14), the Node of Electron 45 main process', () => {
    console.log(`tests run on Node ${process.version}`);
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    expect(major > 22 || (major === 22 && minor >= 14)).toBe(true);
  });
});
