import { createHmac } from 'node:crypto';
import { createEngine, type CallValues, type ProfileEngine } from '../../src/shared/profiles/profile-engine';
import { CALLS, type CallName } from '../../src/shared/profiles/profile-schema';
import { nodeDigest } from '../../src/main/core/profiles/node-digest';

/**
 * The recharge every request example in docs/provider-profiles.md is built for: the doc names the
 * same values in words, so a reader can check an example by hand.
 */
export const DOC_VALUES: CallValues = {
  credentials: { member_id: '40021', password: 's3cret-pw', api_key: 'k0123456789abcdef' },
  shop: { circle: 'MH' },
  number: '9876543210',
  amountRupees: 199,
  operator: 'JIO',
  ref: 'RD26112800001',
  date: '2026-11-28',
  rechargeDate: '2026-11-28',
  txnId: 'TX778',
  reason: 'not received',
  now: Date.UTC(2026, 10, 28, 6, 30),
};

/** Stands in the doc for the HMAC the reader cannot work out by eye; computed here apart from the app. */
const HMAC_HEX = createHmac('sha256', 's3cret-pw').update('40021|9876543210|199|RD26112800001').digest('hex');

type Block = { info: string; body: string; line: number };

export function fencedBlocks(markdown: string): Block[] {
  const out: Block[] = [];
  const re = /^```([^\n]*)\n([\s\S]*?)^```$/gm;
  for (const m of markdown.matchAll(re))
    out.push({ info: (m[1] ?? '').trim(), body: m[2] ?? '', line: markdown.slice(0, m.index).split('\n').length });
  return out;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An example laid over the whole file: objects merged; anything else, and a call's `params` (a whole list of what is sent), replaced. */
export function overlay(base: Json, over: Json): Json {
  if (!isObject(base) || !isObject(over)) return structuredClone(over);
  const out: Record<string, Json> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base && k !== 'params' ? overlay(base[k] as Json, v) : structuredClone(v);
  return out;
}

/** The request as the doc writes it: first line method and address, then headers, a blank line, the body. */
function requestText(engine: ProfileEngine, call: CallName): string {
  const r = engine.request(call, {}, DOC_VALUES);
  const headers = Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`);
  const head = [`${r.method} ${r.url}`, ...headers].join('\n');
  return r.body === undefined ? head : `${head}\n\n${r.body}`;
}

/**
 * Every version 2 example of the doc, loaded by the app's own loader (parse and the money law), and
 * every request example compared with what the app builds. Returns what is untrue, by doc line.
 */
export function docProblems(markdown: string): string[] {
  const problems: string[] = [];
  let base: Json | null = null;
  let engine: ProfileEngine | null = null;
  let checked = 0;
  for (const b of fencedBlocks(markdown)) {
    const at = `docs line ${b.line}`;
    if (b.info === 'json v2-profile' || b.info === 'json v2-example') {
      engine = null;
      try {
        const json = JSON.parse(b.body) as Json;
        if (b.info === 'json v2-profile') base = json;
        else if (base === null) throw new Error('an example before the whole file');
        engine = createEngine(b.info === 'json v2-profile' ? json : overlay(base, json), 'check', nodeDigest);
        checked++;
      } catch (e) {
        problems.push(`${at}: ${e instanceof Error ? e.message.slice(0, 400) : String(e)}`);
      }
    } else if (b.info.startsWith('http ')) {
      const call = b.info.slice('http '.length) as CallName;
      if (!(CALLS as readonly string[]).includes(call)) problems.push(`${at}: no call ${call}`);
      else if (!engine) problems.push(`${at}: no loaded example above it`);
      else {
        const want = b.body.replace(/\n+$/, '').replaceAll('HMAC_HEX', HMAC_HEX);
        let got: string;
        try {
          got = requestText(engine, call);
        } catch (e) {
          got = `refused to build: ${String(e)}`;
        }
        if (got !== want) problems.push(`${at}: the app builds\n${got}\nnot\n${want}`);
        checked++;
      }
    }
  }
  if (checked === 0) problems.push('no version 2 example found');
  return problems;
}
