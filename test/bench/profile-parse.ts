import { builtinEngine } from '../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS } from '../../src/shared/profiles/profile-ids';
import { percentile } from './stats';
import { createEngine, type ProfileEngine } from '../../src/shared/profiles/profile-engine';
import twoHost from '../fixtures/profiles/two-host-signed-v2.json';
import { nodeDigest } from '../../src/main/core/profiles/node-digest';

/** A version 2 profile with a signature, a DTH variant and two hosts: its samples read with their facts. */
function twoHostEngine(): ProfileEngine {
  return createEngine(twoHost, 'check', nodeDigest);
}

/**
 * What reading a reply through a profile costs (issue 28, goal ≤ 0.1 ms p95): every built-in
 * profile's own sample replies (success, pending, failure, refusal, refund, garbage), read as the
 * client reads them, the first read of each profile (its engine made) counted apart as the cold case.
 * Version 2 (issue 36): a profile with signatures and variants, each sample read with the facts that
 * choose its variant, and the signed request it answers built (timed apart).
 */
export async function profileParseBench(rounds = 2000): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const all: number[] = [];
  let coldMax = 0;
  const v2: number[] = [];
  const requests: number[] = [];
  // The v2 engine is made (its law checked in full, as an import is) before the clock: the cold
  // figure stays the built-ins' own.
  const signedEngine = twoHostEngine();
  const makers: (() => ProfileEngine)[] = [...BUILTIN_PROFILE_IDS.map((id) => () => builtinEngine(id)), () => signedEngine];
  const hosts = { main: 'https://api.example.in', api: 'https://api.example.in', status: 'https://status.example.in' };
  const credentials = { username: '9876543210', token: 'bench-token', member_id: '9876543210', api_key: 'bench-key' };
  for (const make of makers) {
    const t0 = process.hrtime.bigint();
    const engine = make();
    coldMax = Math.max(coldMax, Number(process.hrtime.bigint() - t0) / 1e3);
    const signed = engine === signedEngine;
    for (let i = 0; i < rounds; i++) {
      for (const [n, s] of engine.profile.samples.entries()) {
        const operator = n % 2 === 0 ? 'TATASKY' : 'JIO';
        if (signed && (s.call === 'recharge' || s.call === 'status')) {
          const r = process.hrtime.bigint();
          engine.request(s.call, hosts, { credentials, number: '1000001111', amountRupees: 300, operator, ref: `B${i}` });
          requests.push(Number(process.hrtime.bigint() - r) / 1e3);
        }
        const t = process.hrtime.bigint();
        engine.read(s.call, s.body, signed ? { operator } : {});
        const us = Number(process.hrtime.bigint() - t) / 1e3;
        all.push(us);
        if (signed) v2.push(us);
      }
    }
  }
  out['profile_parse_us_p50'] = Math.round(percentile(all, 50) * 10) / 10;
  out['profile_parse_us_p95'] = Math.round(percentile(all, 95) * 10) / 10;
  out['profile_load_us_max'] = Math.round(coldMax);
  // Version 2: a reply read through the variant its recharge's operator chooses, and a signed
  // request (HMAC-SHA256, a DTH or mobile variant) built.
  out['profile_parse_v2_us_p95'] = Math.round(percentile(v2, 95) * 10) / 10;
  out['profile_request_v2_signed_us_p95'] = Math.round(percentile(requests, 95) * 10) / 10;
  return out;
}
