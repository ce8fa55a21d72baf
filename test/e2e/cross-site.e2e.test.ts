import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openE2E, type E2ESession } from '../support/e2e-session';

// The attack as it happens: the developer has the harness open, and visits another page in the
// same browser. That page tries a "simple" cross-site POST (no preflight), a form post, a
// key-less fetch and the event stream. The harness must refuse all of it; no recharge appears.
let e2e: E2ESession;
let attacker: Server;
let attackerUrl: string;

beforeAll(async () => {
  e2e = await openE2E('cross-site');
  attacker = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>cat pictures</title>'),
  );
  await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', () => r()));
  attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await e2e?.close();
  await new Promise<void>((r) => attacker.close(() => r()));
});

async function historyCount(): Promise<number> {
  return (await e2e.harness.core.session()).ledger.history({ limit: 100 }).length;
}

describe('a page on another origin, in the same Chromium', () => {
  it('cannot submit a recharge or listen to events', async () => {
    // The developer's own tab is open (so a session, if there were cookies, would exist).
    await e2e.open();
    const before = await historyCount();
    const page = await e2e.browser.newPage();
    await page.goto(attackerUrl);
    const target = e2e.harness.url;
    const outcome = await page.evaluate(`(async () => {
      const body = JSON.stringify({ number: '9876545555', operator: 'JIO', amount: 10 });
      const tries = {};
      try {
        await fetch('${target}/ipc/recharge:submit', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body });
        tries.noCors = 'sent';
      } catch (e) { tries.noCors = 'failed'; }
      try {
        const r = await fetch('${target}/ipc/recharge:submit', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        tries.cors = r.status;
      } catch (e) { tries.cors = 'blocked'; }
      const form = document.createElement('form');
      form.method = 'POST';
      form.enctype = 'text/plain';
      form.action = '${target}/ipc/recharge:submit';
      form.target = 'sink';
      const input = document.createElement('input');
      input.name = body.slice(0, -1) + ',"x":"';
      input.value = '"}';
      form.append(input);
      const frame = document.createElement('iframe');
      frame.name = 'sink';
      document.body.append(frame, form);
      form.submit();
      await new Promise((r) => setTimeout(r, 500));
      tries.events = await new Promise((resolve) => {
        const source = new EventSource('${target}/events');
        source.onmessage = () => resolve('received');
        source.onerror = () => { source.close(); resolve('refused'); };
        setTimeout(() => resolve('silent'), 1500);
      });
      return tries;
    })()`);
    expect(outcome).toMatchObject({ cors: 'blocked', events: 'refused' });
    expect(await historyCount()).toBe(before);
    await page.close();
  });
});
