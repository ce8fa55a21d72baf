import { afterEach, describe, expect, it } from 'vitest';
import { request, errors } from 'undici';
import { startSandbox, type Sandbox, type StartOptions } from '../../src/sandbox';
import { api, recharge } from './client';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});
const start = async (o: StartOptions) => (sandbox = await startSandbox({ pendingMs: 60_000, ...o }));
const url = (s: Sandbox, ref: string, number = '9000005555') =>
  `${s.url}/webservices/api/recharge?username=${s.credentials.username}&api_token=${s.credentials.token}&number=${number}&amount=10&operator=JIO&ref_id=${ref}`;

describe('faults for client testing', () => {
  it('latency with jitter delays the reply', async () => {
    const s = await start({ faults: { latencyMs: 120, jitterMs: 50 } });
    const t = performance.now();
    await api(s, 'balance', {});
    expect(performance.now() - t).toBeGreaterThanOrEqual(115);
  });

  it('a reply that never comes: the recharge still happens, once', async () => {
    const s = await start({ faults: { noReply: 1 } });
    await expect(request(url(s, 'NR'), { headersTimeout: 300 })).rejects.toBeInstanceOf(errors.HeadersTimeoutError);
    expect(s.admin.transactions().items.map((t) => [t.refId, t.status])).toEqual([['NR', 'Success']]);
    expect(s.admin.submissionCount('NR')).toBe(1);
  });

  it('a connection reset after the recharge was processed', async () => {
    const s = await start({ faults: { resetAfter: 1 } });
    await expect(request(url(s, 'RS'))).rejects.toThrow();
    expect(s.admin.transactions().items[0]).toMatchObject({ refId: 'RS', status: 'Success' });
  });

  it('a 502 before anything happens: nothing is processed', async () => {
    const s = await start({ faults: { badGateway: 1 } });
    const r = await request(url(s, 'BG'));
    expect(r.statusCode).toBe(502);
    expect(await r.body.text()).toContain('502 Bad Gateway');
    expect(s.admin.transactions().total).toBe(0);
    expect(s.admin.account(s.credentials.username).buyerBalance).toBe(500000);
  });

  it('a garbage body after processing', async () => {
    const s = await start({ faults: { garbage: 1 } });
    const r = await request(url(s, 'GB'));
    const text = await r.body.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(s.admin.transactions().items[0]?.refId).toBe('GB');
  });

  it('an HTML error page after processing', async () => {
    const s = await start({ faults: { htmlError: 1 } });
    const r = await request(url(s, 'HE'));
    expect(r.statusCode).toBe(504);
    expect(r.headers['content-type']).toBe('text/html');
    expect(await r.body.text()).toContain('<html>');
    expect(s.admin.transactions().items[0]?.refId).toBe('HE');
  });

  it('faults are fractions of requests, seeded, and can be changed at run time', async () => {
    const s = await start({ seed: 3, faults: { badGateway: 0.5 } });
    let bad = 0;
    for (let i = 0; i < 200; i++) if ((await request(url(s, `F${i}`))).statusCode === 502) bad++;
    expect(bad).toBeGreaterThan(70);
    expect(bad).toBeLessThan(130);
    expect(s.admin.setFaults({ badGateway: 0 })).toMatchObject({ badGateway: 0 });
    expect((await recharge(s, '9000005555', 10, 'AFTER')).status).toBe(200);
  });

  it('the submission counter counts every request per ref_id, accepted or not', async () => {
    const s = await start({});
    await recharge(s, '9000005555', 10, 'CNT');
    await recharge(s, '9000005555', 10, 'CNT');
    await recharge(s, '123', 10, 'BAD');
    expect(s.admin.submissions()).toEqual({ CNT: 2, BAD: 1 });
    const http = await request(`${s.url}/sandbox/submissions?ref_id=CNT`);
    expect(await http.body.json()).toEqual({ CNT: 2 });
  });
});
