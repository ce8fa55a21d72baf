import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { recordedFileSchema, withTable, type RecordedFile } from './bench-table';
import { ROOT } from './spawn-script';

/**
 * `npm run bench:record`: keeps the figures of the last `npm run bench` (bench/results/latest.json,
 * git-ignored) in bench/recorded.json, each with when, on how loaded a machine and at which commit
 * it was measured, then makes the table in docs/benchmarks.md again. `npm run bench:table` only
 * makes the table. A key a run did not measure keeps its older figure and date.
 */
const RECORDED = join(ROOT, 'bench/recorded.json');
const DOC = join(ROOT, 'docs/benchmarks.md');

const latestSchema = z
  .object({ measured: z.record(z.string(), z.object({ at: z.string(), load: z.number(), commit: z.string().optional() })).default({}) })
  .catchall(z.unknown());

const recorded: RecordedFile = existsSync(RECORDED) ? recordedFileSchema.parse(JSON.parse(readFileSync(RECORDED, 'utf8'))) : { keys: {} };

if (process.argv[2] === 'record') {
  const latest = latestSchema.parse(JSON.parse(readFileSync(join(ROOT, 'bench/results/latest.json'), 'utf8')));
  let kept = 0;
  for (const [key, meta] of Object.entries(latest.measured)) {
    const value = latest[key];
    if (typeof value !== 'number') continue;
    const old = recorded.keys[key];
    if (old && old.at >= meta.at) continue;
    // A run from before the commit was kept with each key names none: it cannot be placed, so it is not kept.
    if (meta.commit === undefined) continue;
    recorded.keys[key] = { value, at: meta.at, load: Math.round(meta.load * 10) / 10, commit: meta.commit };
    kept++;
  }
  const sorted = Object.fromEntries(Object.entries(recorded.keys).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(RECORDED, `${JSON.stringify({ keys: sorted }, null, 2)}\n`);
  console.log(`${kept} figures recorded in bench/recorded.json`);
}
writeFileSync(DOC, withTable(readFileSync(DOC, 'utf8'), recorded));
console.log('docs/benchmarks.md: table made again');
