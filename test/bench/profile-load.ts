import hashText from '../../src/shared/profiles/builtin/hash-text.json';
import capsJson from '../../src/shared/profiles/builtin/caps-json.json';
import codeXml from '../../src/shared/profiles/builtin/code-xml.json';
import commaLine from '../../src/shared/profiles/builtin/comma-line.json';
import document from '../../src/shared/profiles/builtin/document.json';
import numericJson from '../../src/shared/profiles/builtin/numeric-json.json';
import { createHash } from 'node:crypto';
import { engineFromText } from '../../src/main/core/profiles/profile-store';
import { createEngine } from '../../src/shared/profiles/profile-engine';
import { percentile, round } from './stats';
import { spawnScript } from './spawn-script';

/**
 * What loading a profile file costs the core (issue 35 item 8, goal ≤ 50 ms). At import (and the
 * first start after an update of the law): parsed, every law checked, every pattern timed, the
 * silence corpus read through every call, each load of a text the core has not seen. At start:
 * its verdict kept by content hash, so hashed, parsed and its samples read.
 */
const PATTERNS = [
  'timed? ?out',
  'under process',
  'in progress',
  'will be updated',
  '^operator (down|busy)$',
  'try (again|after)',
  'queued?',
  'awaiting',
  'gateway',
  'unavailable',
  'rate limit',
  'retry',
  '^[a-z ]{1,40}pending',
  'processing',
  'accepted',
  'initiated',
];

/** A provider's own profile of about 10.8 KB: hash-text under its name with the most patterns a profile may have. */
export function tenKilobyteProfile(): string {
  const p = { ...structuredClone(hashText), id: 'their-provider', name: 'Their Provider' };
  for (const pattern of PATTERNS)
    p.calls.status.rules.push({ when: [{ field: 'message', is: 'regex', pattern }], means: 'Pending' } as never);
  let text = JSON.stringify(p, null, 1);
  const note = 'x'.repeat(Math.max(0, 10_800 - text.length - 20));
  p.name = `Their Provider ${note}`.slice(0, 80);
  text = JSON.stringify(p, null, 1);
  return text.padEnd(10_800, ' ');
}

function loadMs(text: string, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const fresh = `${text}${' '.repeat(i + 1)}`;
    const t = performance.now();
    engineFromText(fresh);
    out.push(performance.now() - t);
  }
  return out;
}

/** A start's load: what `engineFromText` does for a text whose verdict is kept (a built-in's too). */
function startMs(text: string, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    createHash('sha256').update(text).digest('hex');
    createEngine(JSON.parse(text), 'known');
    out.push(performance.now() - t);
  }
  return out;
}

/** The first import in each of `n` fresh processes (profile-load-child.ts): this process has long been warm. */
async function firstImportsMs(n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const { child, match } = await spawnScript('test/bench/profile-load-child.ts', [], /first ([\d.]+)/);
    out.push(Number(match[1]));
    child.kill('SIGTERM');
  }
  return out;
}

export async function profileLoadBench(runs = 20): Promise<Record<string, number>> {
  const builtins = [document, capsJson, codeXml, hashText, numericJson, commaLine].map((p) => JSON.stringify(p, null, 2));
  const largest = builtins.reduce((a, b) => (b.length > a.length ? b : a));
  const ten = tenKilobyteProfile();
  // The first load also pays for the JavaScript engine compiling the checker: counted apart, in a
  // process that has done nothing else (this one has already parsed, compiled and read replies).
  const first = percentile(await firstImportsMs(5), 50);
  const figures = (name: string, ms: number[]) => ({
    [`${name}_p50`]: round(percentile(ms, 50), 1),
    [`${name}_max`]: round(Math.max(...ms), 1),
  });
  return {
    profile_load_ms_first: round(first, 1),
    profile_load_largest_builtin_kb: round(largest.length / 1024, 1),
    profile_load_10k_kb: round(ten.length / 1024, 1),
    ...figures('profile_load_ms_largest_builtin_start', startMs(largest, runs)),
    ...figures('profile_load_ms_10k_start', startMs(ten, runs)),
    ...figures('profile_load_ms_largest_builtin_import', loadMs(largest, runs)),
    ...figures('profile_load_ms_10k_import', loadMs(ten, runs)),
  };
}
