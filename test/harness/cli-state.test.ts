import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { planCliRun, portFree, rememberPort } from '../../src/harness/cli-state';
import { startHarness } from '../../src/harness/start-harness';
import { tempDir } from '../support/temp-dir';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function freePort(): Promise<number> {
  const s: Server = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('npm run web keeps the shop between runs', () => {
  it('a second run uses the same folder and port and shows the same history', async () => {
    const root = tempDir('cli');
    const port = await freePort();
    const first = await planCliRun({ temp: false, port }, root);
    expect(first.throwaway).toBe(false);
    const h1 = await startHarness({ build: false, dataDir: first.dataDir, port: first.port });
    rememberPort(first.dataDir, Number(new URL(h1.url).port));
    const sent = await h1.core.router.dispatch('recharge:submit', { number: '9876545555', operator: 'JIO', amount: 199 });
    expect(sent.ok).toBe(true);
    await h1.close();

    const second = await planCliRun({ temp: false }, root);
    expect(second.dataDir).toBe(first.dataDir);
    expect(second.port).toBe(port);
    const h2 = await startHarness({ build: false, dataDir: second.dataDir, port: second.port });
    cleanup.push(() => h2.close());
    expect(h2.url).toBe(`http://127.0.0.1:${port}`);
    const history = await h2.core.router.dispatch('txn:history', {});
    expect(history.ok && history.data).toMatchObject({ items: [{ number: '9876545555', status: 'Success' }] });
  });

  it('takes another port when the remembered one is busy, rather than refusing to start', async () => {
    const root = tempDir('cli');
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    cleanup.push(() => new Promise<void>((r) => blocker.close(() => r())));
    const busy = (blocker.address() as { port: number }).port;
    const plan = await planCliRun({ temp: false }, root);
    rememberPort(plan.dataDir, busy);
    expect(await portFree(busy)).toBe(false);
    expect((await planCliRun({ temp: false }, root)).port).toBe(0);
  });

  it('--temp gives a fresh folder each time, outside the project', async () => {
    const root = tempDir('cli');
    const a = await planCliRun({ temp: true }, root);
    const b = await planCliRun({ temp: true }, root);
    cleanup.push(() => rmSync(a.dataDir, { recursive: true, force: true }));
    cleanup.push(() => rmSync(b.dataDir, { recursive: true, force: true }));
    expect(a.throwaway).toBe(true);
    expect(a.dataDir).not.toBe(b.dataDir);
    expect(a.dataDir.startsWith(root)).toBe(false);
    expect(existsSync(join(root, '.web-data'))).toBe(false);
  });
});
