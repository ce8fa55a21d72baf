import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIN_FILE, PinStore, waitAfter } from '../../../../src/main/core/lock/pin-store';
import { PIN_SCRYPT, pinHashSchema } from '../../../../src/main/core/lock/pin-hash';
import { tempDir } from '../../../support/temp-dir';

const folder = () => tempDir('pin');

/** A clock the test moves. */
const clock = (start = 1_800_000_000_000) => {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

describe('owner PIN store', () => {
  it('keeps a salted scrypt hash with its parameters, never the PIN', async () => {
    const dir = folder();
    const a = new PinStore(dir);
    await a.set('482913');
    const file = readFileSync(join(dir, PIN_FILE), 'utf8');
    expect(file).not.toContain('482913');
    const saved = pinHashSchema.parse(JSON.parse(file).pin);
    expect(saved).toMatchObject({ algorithm: 'scrypt', N: PIN_SCRYPT.N, r: PIN_SCRYPT.r, p: PIN_SCRYPT.p, keyLength: 32 });
    expect(Buffer.from(saved.salt, 'base64')).toHaveLength(16);
    // The same PIN elsewhere gets another salt, so another hash.
    const other = folder();
    await new PinStore(other).set('482913');
    const second = pinHashSchema.parse(JSON.parse(readFileSync(join(other, PIN_FILE), 'utf8')).pin);
    expect(second.salt).not.toBe(saved.salt);
    expect(second.hash).not.toBe(saved.hash);
    expect(await a.check('482913')).toBe(true);
    expect(await a.check('482914')).toBe(false);
  });

  it('checks a PIN with the parameters stored beside it', async () => {
    const dir = folder();
    await new PinStore(dir, Date.now, { N: 2 ** 10, r: 8, p: 1, keyLength: 32 }).set('1234');
    // A store made with today's defaults still checks a hash made with other parameters.
    const later = new PinStore(dir);
    expect(await later.check('1234')).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, PIN_FILE), 'utf8')).pin.N).toBe(2 ** 10);
  });

  it('waits 30 s after the fifth wrong PIN, then 60 s, 120 s…; refuses unchecked while waiting', async () => {
    expect([1, 4, 5, 6, 7, 8].map(waitAfter)).toEqual([0, 0, 30, 60, 120, 240]);
    const dir = folder();
    const c = clock();
    const store = new PinStore(dir, c.now, { N: 2 ** 10, r: 8, p: 1, keyLength: 32 });
    await store.set('2468');
    for (let i = 0; i < 4; i++) expect(await store.check('0000')).toBe(false);
    expect(store.waitSeconds()).toBe(0);
    expect(await store.check('0000')).toBe(false);
    expect(store.waitSeconds()).toBe(30);
    // Even the right PIN is refused, unchecked, while the wait runs.
    await expect(store.check('2468')).rejects.toMatchObject({ code: 'pin_wait' });
    expect(store.failures).toBe(5);
    c.advance(30_000);
    expect(await store.check('1111')).toBe(false);
    expect(store.waitSeconds()).toBe(60);
    c.advance(60_000);
    expect(await store.check('2468')).toBe(true);
    expect(store.failures).toBe(0);
    expect(store.waitSeconds()).toBe(0);
  });

  it('keeps the wrong-PIN count and the wait across a restart', async () => {
    const dir = folder();
    const c = clock();
    const params = { N: 2 ** 10, r: 8, p: 1, keyLength: 32 };
    const first = new PinStore(dir, c.now, params);
    await first.set('97531');
    for (let i = 0; i < 6; i++) {
      expect(await first.check('11111')).toBe(false);
      c.advance(first.waitSeconds() * 1000);
    }
    expect(first.waitSeconds()).toBe(0);
    expect(await first.check('11111')).toBe(false);
    expect(first.waitSeconds()).toBe(120);
    // The app restarts 10 seconds later: the PIN and the wait are still there.
    c.advance(10_000);
    const second = new PinStore(dir, c.now, params);
    expect(second.pinSet).toBe(true);
    expect(second.failures).toBe(7);
    expect(second.waitSeconds()).toBe(110);
    await expect(second.check('97531')).rejects.toMatchObject({ code: 'pin_wait' });
    // A clock moved back never makes the wait longer than was set.
    c.advance(-86_400_000);
    expect(second.waitSeconds()).toBe(120);
  });

  it('tries one at a time: wrong PINs sent together cannot slip past the wait', async () => {
    const c = clock();
    const store = new PinStore(folder(), c.now, { N: 2 ** 10, r: 8, p: 1, keyLength: 32 });
    await store.set('2468');
    const tries = await Promise.allSettled(Array.from({ length: 12 }, () => store.check('0000')));
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(5);
    expect(tries.filter((t) => t.status === 'rejected')).toHaveLength(7);
    expect(store.failures).toBe(5);
  });

  it('treats a damaged file as a PIN nobody knows, not as no PIN', async () => {
    const dir = folder();
    writeFileSync(join(dir, PIN_FILE), '{"version":1,"pin":{"algorithm":"md5"}');
    const store = new PinStore(dir);
    expect(store.pinSet).toBe(true);
    expect(await store.check('1234')).toBe(false);
  });

  it('changes nothing when the PIN cannot be written', async () => {
    const dir = folder();
    const store = new PinStore(dir, Date.now, { N: 2 ** 10, r: 8, p: 1, keyLength: 32 });
    await store.set('2468');
    rmSync(dir, { recursive: true, force: true });
    await expect(store.set('1357')).rejects.toMatchObject({ code: 'pin_not_saved' });
    expect(await store.check('2468')).toBe(true);
  });
});
