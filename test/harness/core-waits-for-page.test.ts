import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, type Harness } from '../../src/harness/start-harness';
import { LOCK_FILE } from '../../src/main/core/data-folder/data-folder-lock';
import { HARNESS_KEY_HEADER, HARNESS_KEY_META } from '../../src/harness/harness-key';
import { tempDir } from '../support/temp-dir';

// `npm run web` loads the core only once a page opened with it has its files (or after a wait):
// loading the core holds the process's event loop, and the page got not even its HTML meanwhile.
const harnesses: Promise<Harness>[] = [];

afterEach(async () => {
  for (const h of harnesses.splice(0)) await (await h).close();
});

// The tests fetch by hand, slower than a browser asks: a page asking for none of its files within
// this long of its HTML is taken to have them cached, except in the test of that case.
function start(
  coreWaitsForPageMs: number,
  pageCachedFilesMs = 10_000,
): { url: Promise<string>; harness: Promise<Harness>; dataDir: string } {
  const dataDir = tempDir('page-first');
  let told: (url: string) => void = () => {};
  const url = new Promise<string>((r) => (told = r));
  const harness = startHarness({ dataDir, coreWaitsForPageMs, pageCachedFilesMs, onListening: told });
  harnesses.push(harness);
  return { url, harness, dataDir };
}

const get = async (url: string) => (await request(url)).body.text();
const settled = (p: Promise<unknown>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 1000))]);

describe('the harness core waits for the page', () => {
  // First: the core's modules are then loaded, and a core started by mistake would open in well
  // under the second the tests below give it.
  it('opens on its own when no page comes', async () => {
    const { harness, dataDir } = start(200);
    const h = await harness;
    expect(h.dataDir).toBe(dataDir);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
  });

  it('is not loaded while the page is still getting its files, and opens once every script and style is sent', async () => {
    const { url, harness, dataDir } = start(60_000);
    const base = await url;
    const html = await get(base);
    const named = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => new URL(m[1]!, `${base}/`).href);
    expect(named.length).toBeGreaterThanOrEqual(3);
    // The first file at once, as a browser asks: the page is getting its files, the rest to come.
    await get(named[0]!);
    expect(await settled(harness)).toBe(false);
    // The core takes the data folder's lock as it opens: none yet.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    for (const file of named.slice(1)) await get(file);
    const h = await harness;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    const info = await request(`${h.url}/ipc/app%3Ainfo`, { method: 'POST', body: '{}', headers: { [HARNESS_KEY_HEADER]: h.key } });
    expect(await info.body.json()).toMatchObject({ ok: true, data: { dataDir } });
  });

  it('opens soon after the HTML when the page asks for none of its files (it has them cached)', async () => {
    const { url, harness } = start(60_000, 50);
    await get(await url);
    // Well before the 60 s a page that never came would wait; no call made.
    expect(await Promise.race([harness.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))])).toBe(true);
  });

  it('opens for a call, even with the page’s files not all sent, and the call is answered', async () => {
    const { url, harness } = start(60_000);
    const base = await url;
    const html = await get(base);
    // The page's key, as the page reads it, and one of its files: the others never come.
    const key = new RegExp(`name="${HARNESS_KEY_META}" content="([^"]+)"`).exec(html)?.[1];
    expect(key).toBeDefined();
    await get(new URL(/src="([^"]+\.js)"/.exec(html)![1]!, `${base}/`).href);
    expect(await settled(harness)).toBe(false);
    const info = await request(`${base}/ipc/app%3Ainfo`, { method: 'POST', body: '{}', headers: { [HARNESS_KEY_HEADER]: key! } });
    expect(await info.body.json()).toMatchObject({ ok: true, data: { mode: 'demo' } });
    await harness;
  });
});
