import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';

// `npm run electron-review`: Doyensec's electronegativity over the built out/, in CI after the
// build. Every finding must be fixed or carry a reason in electronegativity-allow.json; a finding
// without one fails, and so does a reason that no longer matches anything (the list stays honest).
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const require = createRequire(import.meta.url);

const allowSchema = z.strictObject({
  excludedChecks: z.array(z.strictObject({ check: z.string().min(1), reason: z.string().min(20) })),
  findings: z.array(
    z.strictObject({
      check: z.string().min(1),
      file: z.string().min(1),
      /** Text the finding's sample must contain, when one check fires twice in a file. */
      sampleContains: z.string().optional(),
      reason: z.string().min(20),
    }),
  ),
});

const issueSchema = z.looseObject({
  id: z.string(),
  file: z.string(),
  location: z.looseObject({ line: z.number(), column: z.number() }),
  severity: z.looseObject({ name: z.string() }),
  confidence: z.looseObject({ name: z.string() }),
  description: z.string(),
  sample: z.string().optional(),
});
const resultSchema = z.looseObject({
  issues: z.array(issueSchema),
  errors: z.array(z.looseObject({ file: z.string(), message: z.string(), tolerable: z.boolean() })),
});

// The tool fetches translations over the network at start; offline, its HTTP library's retry
// throws this from a timer after the fetch was already given up. Only that one error is ignored.
process.on('uncaughtException', (e) => {
  if (e instanceof Error && e.message === 'The `onCancel` handler was attached after the promise settled.') return;
  throw e;
});

const allow = allowSchema.parse(JSON.parse(readFileSync(join(root, 'src/build/electronegativity-allow.json'), 'utf8')));
const electronVersion = z.object({ version: z.string() }).parse(require('electron/package.json')).version;
const run: unknown = require('@doyensec/electronegativity');
if (typeof run !== 'function') throw new Error('electronegativity did not load as a function');

const result = resultSchema.parse(
  await Reflect.apply(run, undefined, [
    {
      input: join(root, 'out'),
      isRelative: true,
      electronVersionOverride: electronVersion,
      excludeFromScan: allow.excludedChecks.map((c) => c.check),
    },
  ]),
);

const used = new Set<number>();
const unjustified: string[] = [];
for (const issue of result.issues) {
  const where = `${issue.id} ${issue.file}:${issue.location.line}:${issue.location.column}`;
  const index = allow.findings.findIndex(
    (a) =>
      a.check === issue.id && a.file === issue.file && (a.sampleContains === undefined || (issue.sample ?? '').includes(a.sampleContains)),
  );
  if (index < 0) {
    unjustified.push(
      `${where} [${issue.severity.name}/${issue.confidence.name}] ${issue.description}\n    ${(issue.sample ?? '').slice(0, 160)}`,
    );
    continue;
  }
  used.add(index);
  console.log(`justified  ${where}: ${allow.findings[index]?.reason}`);
}
for (const c of allow.excludedChecks) console.log(`not run    ${c.check}: ${c.reason}`);
const stale = allow.findings.filter((_, i) => !used.has(i)).map((a) => `${a.check} ${a.file}`);
const broken = result.errors.filter((e) => !e.tolerable).map((e) => `${e.file}: ${e.message}`);

for (const line of unjustified) console.error(`UNJUSTIFIED ${line}`);
for (const line of stale) console.error(`STALE reason, matches no finding (remove it): ${line}`);
for (const line of broken) console.error(`COULD NOT PARSE ${line}`);
console.log(
  `electronegativity on out/ (Electron ${electronVersion}): ${result.issues.length} findings, ${unjustified.length} unjustified, ${stale.length} stale reasons, ${broken.length} parse errors`,
);
process.exit(unjustified.length + stale.length + broken.length === 0 ? 0 : 1);
