// `npm run web`: starts the web harness from a bundle of src/harness/cli.ts that esbuild rebuilds
// only when a source is newer (~0.1 s), rather than compiling TypeScript at every start (tsx took
// 1-4 s on the 2-core build machine, most of the harness's start; issue 14's start goal is 1 s).
// Plain JavaScript on purpose: it runs before anything is compiled.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Same depth as src/harness/cli.ts, so what it finds relative to itself (the project root) holds.
const bundle = join(root, 'out/harness/cli.mjs');

function newest(dir) {
  let at = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    at = Math.max(at, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return at;
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function builtAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

// Node keeps the compiled code of what it loads (the bundle, undici, better-sqlite3's wrapper…), so
// a start after the first skips compiling it again, as the app's main process does.
enableCompileCache?.(join(root, 'node_modules/.cache/rechargedesk/node-compile'));

// Packages load from node_modules as they are (better-sqlite3 is native), except zod, bundled and
// shaken as the app's main process bundles it (electron.vite.config.ts): from node_modules it loads
// every locale (~70 ms at start).
const BUNDLED = new Set(['zod']);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const sources = Math.max(
  ...['src', 'package-lock.json'].map((p) => (p.endsWith('.json') ? builtAt(join(root, p)) : newest(join(root, p)))),
);
if (builtAt(bundle) < sources) {
  // Loaded only to build: ~15 ms of every start otherwise.
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    write: false,
    entryPoints: [join(root, 'src/harness/cli.ts')],
    outdir: dirname(bundle),
    outExtension: { '.js': '.mjs' },
    // Lazy imports stay lazy (exceljs alone costs ~0.4 s to load, and is needed on the first Excel export only).
    splitting: true,
    // Beside the entry, not in a subfolder: code that finds the project root from its own place
    // (project-root.ts) may land in a chunk, and must sit at the entry's depth.
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external,
    // Bundled CommonJS-style code in our dependencies' ESM wrappers may still call require.
    banner: { js: "import { createRequire as __rdRequire } from 'node:module'; const require = __rdRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  // Two starts may build at once (tests do): each file is swapped in whole, chunks before the entry
  // that imports them, and only files no build of these sources names are removed (names carry
  // their content's hash, so last build's would pile up).
  mkdirSync(dirname(bundle), { recursive: true });
  const fresh = new Set(outputFiles.map((f) => f.path));
  for (const file of outputFiles.sort((a, b) => Number(a.path === bundle) - Number(b.path === bundle))) {
    const part = `${file.path}.${process.pid}.tmp`;
    writeFileSync(part, file.contents);
    renameSync(part, file.path);
  }
  for (const old of readdirSafe(dirname(bundle))) {
    const path = join(dirname(bundle), old);
    if (old.endsWith('.mjs') && !fresh.has(path)) rmSync(path, { force: true });
  }
}
await import(pathToFileURL(bundle).href);
