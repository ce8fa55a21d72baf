import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, until, type TestHarness } from '../flow/harness-client';
import { outcomeText } from '../../../../src/shared/words/outcome-text';

const open: TestHarness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.dispose();
});
const start = async (o: Parameters<typeof openHarness>[0] = {}) => {
  const h = await openHarness(o);
  open.push(h);
  return h;
};
const sale = (number: string) => ({ number, operator: 'JIO', amount: 239 });
const OWNER = { id: 0, name: '', role: 'owner' };

describe('who is at the counter (issue 38)', () => {
  it('with staff named, a sale waits for someone to sign in; with none named, anonymous staff sell as before', async () => {
    const h = await start();
    await h.ok('lock:setPin', { pin: '2468' });
    await h.ok('lock:lock');
    // No staff named: today's anonymous staff, who may sell.
    expect(await h.ok('lock:status')).toMatchObject({ role: 'staff', person: null, people: [] });
    await h.ok('recharge:submit', sale('9876540001'));

    await h.ok('lock:unlock', { pin: '2468' });
    const { people } = await h.ok('lock:addPerson', { name: 'Ravi', pin: '1357' });
    const ravi = people[0]!.id;
    await h.ok('lock:lock');
    expect(await h.ok('lock:status')).toMatchObject({ role: 'staff', person: null, people: [{ id: ravi, name: 'Ravi' }] });
    const refused = await h.call('recharge:submit', sale('9876540002'));
    expect(refused).toMatchObject({ ok: false, error: { code: 'sign_in_first' } });
    if (!refused.ok) {
      expect(outcomeText('en', refused.error)).toMatch(/type your PIN/);
      expect(outcomeText('hi', refused.error)).toMatch(/पिन/);
    }
    // Nothing went out for it.
    expect((await h.ok('txn:history', {})).items.map((t: { number: string }) => t.number)).not.toContain('9876540002');
    expect(await h.call('khata:pay', { number: '9876540002', rupees: 100, method: 'cash' })).toMatchObject({
      error: { code: 'sign_in_first' },
    });
    // Reading is not money: the counter can still look things up.
    await h.ok('txn:history', {});

    expect(await h.ok('lock:unlock', { pin: '1357', person: ravi })).toMatchObject({
      role: 'staff',
      person: { id: ravi, name: 'Ravi', role: 'staff' },
    });
    await h.ok('recharge:submit', sale('9876540003'));
    // Ravi is staff: the owner's channels stay the owner's.
    expect(await h.call('lock:addPerson', { name: 'Sita', pin: '8642' })).toMatchObject({ error: { code: 'owner_only' } });
  });

  it('switches from one person to another and back to the owner; Lock and the idle minutes end each turn', async () => {
    const h = await start({ lockMinuteMs: 300 });
    await h.ok('lock:setPin', { pin: '2468' });
    await h.ok('lock:addPerson', { name: 'Ravi', pin: '1357' });
    const { people } = await h.ok('lock:addPerson', { name: 'Sita', pin: '8642' });
    const ravi = people[0]!.id;
    const sita = people[1]!.id;
    expect(await h.ok('lock:status')).toMatchObject({ role: 'owner', person: OWNER });

    // Straight from Ravi to Sita: the same dialog, her own PIN.
    await h.ok('lock:unlock', { pin: '1357', person: ravi });
    expect((await h.ok('lock:unlock', { pin: '8642', person: sita })).person).toMatchObject({ id: sita, name: 'Sita' });
    // Ravi's PIN does not open Sita's name, and counts against Sita's tries only.
    const wrong = await h.call('lock:unlock', { pin: '1357', person: sita });
    expect(wrong).toMatchObject({ error: { code: 'wrong_pin', params: { triesLeft: 4 } } });
    // A wrong PIN changes nothing: Sita is still the one at the counter.
    expect((await h.ok('lock:status')).person).toMatchObject({ id: sita });
    await h.ok('lock:unlock', { pin: '2468' });
    expect((await h.ok('lock:status')).person).toEqual(OWNER);
    expect((await h.ok('lock:lock')).person).toBeNull();

    // Removed by the owner: Ravi cannot sign in any more.
    await h.ok('lock:unlock', { pin: '2468' });
    await h.ok('lock:removePerson', { person: ravi });
    expect(await h.call('lock:unlock', { pin: '1357', person: ravi })).toMatchObject({ error: { code: 'person_unknown' } });
    expect((await h.ok('lock:status')).people).toEqual([{ id: sita, name: 'Sita' }]);

    // Idle: Sita's turn ends by itself, and the window is told.
    await h.ok('settings:update', { lock: { idleMinutes: 1 } });
    await h.ok('lock:unlock', { pin: '8642', person: sita });
    const before = h.events.length;
    await until(
      () => h.events.slice(before).some((e) => e.event === 'lock:changed' && JSON.stringify(e.payload).includes('"person":null')),
      3000,
    );
    expect(await h.call('recharge:submit', sale('9876540004'))).toMatchObject({ error: { code: 'sign_in_first' } });
  });
});
