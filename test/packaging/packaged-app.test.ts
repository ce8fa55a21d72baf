import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { getCurrentFuseWire, FuseV1Options } from '@electron/fuses';
import { makeStandInElectron } from './stand-in-electron';
import { fileTempDir } from '../support/temp-dir';

const ROOT = resolve(import.meta.dirname, '../..');
/** Budgets for the packed app, without Electron itself; written down in the README. */
const ASAR_BUDGET_MB = 12;
const APP_BUDGET_MB = 20;

const work = fileTempDir('pack');
let unpacked: string;
let asar: string;
let files: string[];

/** Every package the runtime dependencies need, following package.json files from the top. */
function runtimeClosure(): Set<string> {
  const pkg = (dir: string) =>
    JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !existsSync(join(ROOT, 'node_modules', name, 'package.json'))) return;
    seen.add(name);
    const p = pkg(join(ROOT, 'node_modules', name));
    for (const dep of Object.keys({ ...p.dependencies, ...p.optionalDependencies })) visit(dep);
  };
  for (const dep of Object.keys(pkg(ROOT).dependencies ?? {})) visit(dep);
  return seen;
}

function dirSize(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) => sum + (e.isDirectory() ? dirSize(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0,
  );
}

beforeAll(() => {
  // The installers cannot be built here (electron-builder downloads Electron and toolsets), so the
  // unpacked Linux directory target is built with a stand-in Electron and inspected.
  if (!existsSync(join(ROOT, 'out/main/index.js'))) throw new Error('run `npm run build` first');
  const icons = spawnSync(process.execPath, ['--import', 'tsx', 'src/build/make-icons.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (icons.status !== 0) throw new Error(icons.stderr);
  const standIn = makeStandInElectron(join(work, 'electron'));
  const run = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/electron-builder/cli.js'),
      '--config',
      'resources/electron-builder.yml',
      '--linux',
      'dir',
      '--x64',
      `-c.electronDist=${standIn}`,
      '-c.electronVersion=45.4.1',
      `-c.directories.output=${join(work, 'dist')}`,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 240_000 },
  );
  if (run.status !== 0) throw new Error(`electron-builder failed:\n${run.stdout}\n${run.stderr}`);
  unpacked = join(work, 'dist', 'linux-unpacked');
  asar = join(unpacked, 'resources', 'app.asar');
  files = listPackage(asar, { isPack: false });
}, 300_000);

describe('packaged app (linux --dir with a stand-in Electron)', () => {
  it('holds the built main, preload and renderer, and a package.json whose main exists', () => {
    for (const f of ['/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/package.json'])
      expect(files, f).toContain(f);
    const pkg = JSON.parse(extractFile(asar, 'package.json').toString()) as { main: string };
    expect(files).toContain(`/${pkg.main.replace(/^\.\//, '')}`);
  });

  it('holds no source map, test, harness, source or development dependency', () => {
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => /^\/(src|test|bench|resources)\//.test(f))).toEqual([]);
    const main = extractFile(asar, 'out/main/index.js').toString();
    expect(main).not.toContain('__harness');
    // A dev dependency that a runtime one also needs (conf, under electron-store) belongs inside.
    const runtime = runtimeClosure();
    const dev = Object.keys(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies,
    ).filter((d) => !runtime.has(d));
    const packed = new Set(
      files
        .filter((f) => f.startsWith('/node_modules/'))
        .map((f) =>
          f
            .split('/')
            .slice(2, f.split('/')[2]!.startsWith('@') ? 4 : 3)
            .join('/'),
        ),
    );
    expect(dev.filter((d) => packed.has(d))).toEqual([]);
    for (const runtime of ['better-sqlite3', 'electron-store', 'electron-updater', 'pino', 'postgres', 'undici'])
      expect(packed.has(runtime), runtime).toBe(true);
    // Bundled into main (electron.vite.config.ts), not loaded from node_modules with every locale.
    expect(packed.has('zod')).toBe(false);
    expect(main).not.toContain('from "zod"');
  });

  it('keeps the linux-x64 SQLite binary outside the asar, and it loads in Node 24', () => {
    const prebuilds = join(unpacked, 'resources/app.asar.unpacked/node_modules/better-sqlite3/prebuilds');
    expect(readdirSync(prebuilds).sort()).toEqual(['linux-arm64.node', 'linux-x64.node', 'linuxmusl-arm64.node', 'linuxmusl-x64.node']);
    const addon = createRequire(import.meta.url)(join(prebuilds, 'linux-x64.node')) as Record<string, unknown>;
    expect(typeof addon['Database']).toBe('function');
  });

  it('has its fuses set: no run-as-node, no NODE_OPTIONS or inspect, cookies encrypted, asar only and validated', async () => {
    const wire = await getCurrentFuseWire(join(unpacked, 'recharge-desk'));
    const on = (f: FuseV1Options) => wire[f] === 49;
    expect(on(FuseV1Options.RunAsNode)).toBe(false);
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false);
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe(false);
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe(true);
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true);
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true);
  });

  it('is configured for updates from the generic HTTPS provider', () => {
    const update = readFileSync(join(unpacked, 'resources/app-update.yml'), 'utf8');
    expect(update).toContain('provider: generic');
    expect(update).toMatch(/url: https:\/\//);
  });

  it(`stays within its size budget (asar ${ASAR_BUDGET_MB} MB, app ${APP_BUDGET_MB} MB without Electron)`, () => {
    const asarMb = statSync(asar).size / 2 ** 20;
    const appMb = dirSize(join(unpacked, 'resources')) / 2 ** 20;
    console.log(`packed app: asar ${asarMb.toFixed(1)} MB, resources ${appMb.toFixed(1)} MB`);
    expect(asarMb).toBeLessThan(ASAR_BUDGET_MB);
    expect(appMb).toBeLessThan(APP_BUDGET_MB);
  });
});
