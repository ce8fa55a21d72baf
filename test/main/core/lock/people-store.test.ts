import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPin } from '../../../../src/main/core/lock/pin-hash';
import { PIN_FILE, PinStore } from '../../../../src/main/core/lock/pin-store';
import { tempDir } from '../../../support/temp-dir';

const FAST = { N: 2 ** 10, r: 8, p: 1, keyLength: 32 };
const clock = (start = 1_800_000_000_000) => {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

async function withOwner(now: () => number = Date.now) {
  const dir = tempDir('people');
  const store = new PinStore(dir, now, FAST);
  await store.set('2468');
  return { dir, store };
}

describe('named staff in the PIN file (issue 38)', () => {
  it('reads a file written by the owner-only version as "owner only, no staff", and keeps the owner PIN', async () => {
    const dir = tempDir('people');
    // Exactly as the owner-only code wrote it: version 1, the owner's hash and wrong-PIN count.
    const old = { version: 1, pin: await hashPin('2468', FAST), failures: 2, lockedUntil: 0, waitSeconds: 0 };
    writeFileSync(join(dir, PIN_FILE), `${JSON.stringify(old)}\n`);
    const store = new PinStore(dir, Date.now, FAST);
    expect(store.pinSet).toBe(true);
    expect(store.people()).toEqual([]);
    expect(store.failures).toBe(2);
    expect(await store.check('2468')).toBe(true);
    // The first person added writes the new version with the owner's PIN untouched.
    await store.addPerson('Ravi', '1357');
    const saved = JSON.parse(readFileSync(join(dir, PIN_FILE), 'utf8'));
    expect(saved).toMatchObject({ version: 2, pin: old.pin, nextId: 2 });
    expect(await new PinStore(dir, Date.now, FAST).check('2468')).toBe(true);
  });

  it('adds, renames, resets and removes people; each PIN is their own, and nothing is kept in plain text', async () => {
    const { dir, store } = await withOwner();
    const ravi = await store.addPerson('  Ravi  ', '1357');
    const sita = await store.addPerson('Sita', '8642');
    expect(store.people()).toEqual([
      { id: ravi, name: 'Ravi' },
      { id: sita, name: 'Sita' },
    ]);
    const text = readFileSync(join(dir, PIN_FILE), 'utf8');
    expect(text).not.toContain('1357');
    expect(text).not.toContain('8642');
    const again = new PinStore(dir, Date.now, FAST);
    expect(await again.checkPerson(ravi, '1357')).toBe(true);
    expect(await again.checkPerson(ravi, '8642')).toBe(false);
    expect(await again.check('1357')).toBe(false);
    await again.renamePerson(ravi, 'Ravi Kumar');
    await again.resetPersonPin(ravi, '9753');
    expect(await again.checkPerson(ravi, '1357')).toBe(false);
    expect(await again.checkPerson(ravi, '9753')).toBe(true);
    expect(new PinStore(dir, Date.now, FAST).people()[0]).toEqual({ id: ravi, name: 'Ravi Kumar' });
  });

  it('a removed person cannot sign in, keeps their name for the record, and their id is never given again', async () => {
    const { dir, store } = await withOwner();
    const ravi = await store.addPerson('Ravi', '1357');
    await store.removePerson(ravi);
    await expect(store.checkPerson(ravi, '1357')).rejects.toMatchObject({ outcome: { code: 'person_unknown' } });
    const later = new PinStore(dir, Date.now, FAST);
    await expect(later.checkPerson(ravi, '1357')).rejects.toMatchObject({ outcome: { code: 'person_unknown' } });
    expect(later.people()).toEqual([]);
    expect(later.personName(ravi)).toBe('Ravi');
    // The name is free again, under a new id.
    const next = await later.addPerson('ravi', '1357');
    expect(next).not.toBe(ravi);
    expect(await later.checkPerson(next, '1357')).toBe(true);
    await expect(later.renamePerson(ravi, 'Old Ravi')).rejects.toMatchObject({ outcome: { code: 'person_unknown' } });
  });

  it('refuses a name someone already has (ignoring case), and names with line breaks or hidden marks', async () => {
    const { store } = await withOwner();
    const ravi = await store.addPerson('Ravi', '1357');
    await expect(store.addPerson('RAVI', '2222')).rejects.toMatchObject({
      outcome: { code: 'person_name_taken', params: { name: 'Ravi' } },
    });
    const sita = await store.addPerson('Sita', '2222');
    await expect(store.renamePerson(sita, 'ravi')).rejects.toMatchObject({ outcome: { code: 'person_name_taken' } });
    // Renaming to the same name in another case is one's own name.
    await store.renamePerson(ravi, 'RAVI');
    await expect(store.addPerson('Ra\nvi', '2222')).rejects.toMatchObject({
      outcome: { code: 'customer_text_refused', params: { field: 'personName', problem: 'line_break' } },
    });
    await expect(store.addPerson('Ravi\u202Eitsa', '2222')).rejects.toMatchObject({ outcome: { params: { problem: 'hidden' } } });
    await expect(store.addPerson('R'.repeat(41), '2222')).rejects.toMatchObject({ outcome: { params: { problem: 'too_long', max: 40 } } });
    expect(store.people().map((p) => p.name)).toEqual(['RAVI', 'Sita']);
  });

  it('counts wrong PINs per person: one person waiting does not stop another, nor the owner', async () => {
    const c = clock();
    const { store } = await withOwner(c.now);
    const ravi = await store.addPerson('Ravi', '1357');
    const sita = await store.addPerson('Sita', '8642');
    for (let i = 0; i < 5; i++) expect(await store.checkPerson(ravi, '0000')).toBe(false);
    expect(store.waitSeconds(ravi)).toBe(30);
    await expect(store.checkPerson(ravi, '1357')).rejects.toMatchObject({ outcome: { code: 'pin_wait' } });
    expect(store.waitSeconds(sita)).toBe(0);
    expect(await store.checkPerson(sita, '8642')).toBe(true);
    expect(store.waitSeconds()).toBe(0);
    expect(await store.check('2468')).toBe(true);
    c.advance(30_000);
    expect(await store.checkPerson(ravi, '1357')).toBe(true);
    expect(store.failuresOf(ravi)).toBe(0);
  });

  it('a damaged file locks the owner out no further than Forgot PIN undoes; a new owner PIN works again', async () => {
    const { dir, store } = await withOwner();
    await store.addPerson('Ravi', '1357');
    writeFileSync(join(dir, PIN_FILE), '{"version":2,"pin":null,"people":[{"id":1,');
    const damaged = new PinStore(dir, Date.now, FAST);
    expect(damaged.pinSet).toBe(true);
    expect(damaged.people()).toEqual([]);
    expect(await damaged.check('2468')).toBe(false);
    // What Forgot PIN does once the token has proved the owner.
    await damaged.set('1111');
    expect(await new PinStore(dir, Date.now, FAST).check('1111')).toBe(true);
  });

  it('a hand-edited file with a hidden mark in a name, or a reused id, is damage, not trusted', async () => {
    const { dir, store } = await withOwner();
    await store.addPerson('Ravi', '1357');
    const good = JSON.parse(readFileSync(join(dir, PIN_FILE), 'utf8'));
    writeFileSync(join(dir, PIN_FILE), JSON.stringify({ ...good, people: [{ ...good.people[0], name: 'Ra\u202Evi' }] }));
    expect(new PinStore(dir, Date.now, FAST).people()).toEqual([]);
    writeFileSync(join(dir, PIN_FILE), JSON.stringify({ ...good, nextId: 1 }));
    expect(new PinStore(dir, Date.now, FAST).people()).toEqual([]);
  });
});
