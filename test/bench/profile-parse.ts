import { builtinEngine } from '../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS } from '../../src/shared/profiles/profile-ids';
import { createEngine, type ProfileEngine } from '../../src/shared/profiles/profile-engine';
import extracting from '../fixtures/profiles/kv-message-v2.json';
import twoHost from '../fixtures/profiles/two-host-signed-v2.json';
import { nodeDigest } from '../../src/main/core/profiles/node-digest';
import { percentile } from './stats';

const p95 = (xs: number[]) => Math.round(percentile(xs, 95) * 10) / 10;

/**
 * What reading a reply through a profile costs (issue 28, goal ≤ 0.1 ms p95): every built-in
 * profile's own sample replies (success, pending, failure, refusal, refund, garbage), read as the
 * client reads them, the first read of each profile (its engine made) counted apart as the cold case.
 * A version 2 profile reading facts inside a field (key=value bodies, pairs and RE2 captures in the
 * message; issue 36 item 5) is read among them and also reported on its own. So is one with an HMAC
 * signature, a DTH variant and two hosts (items 2-4): each sample read through the variant its
 * operator chooses, and the signed request it answers built (timed apart).
 */
export async function profileParseBench(rounds = 2000): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const all: number[] = [];
  let coldMax = 0;
  const readAll = (engine: ProfileEngine, into: number[], each?: (i: number, call: string, operator: string) => void) => {
    for (let i = 0; i < rounds; i++) {
      for (const [n, s] of engine.profile.samples.entries()) {
        const operator = n % 2 === 0 ? 'TATASKY' : 'JIO';
        each?.(i, s.call, operator);
        const t = process.hrtime.bigint();
        engine.read(s.call, s.body, each ? { operator } : {});
        into.push(Number(process.hrtime.bigint() - t) / 1e3);
      }
    }
  };
  for (const id of BUILTIN_PROFILE_IDS) {
    const t0 = process.hrtime.bigint();
    const engine = builtinEngine(id);
    coldMax = Math.max(coldMax, Number(process.hrtime.bigint() - t0) / 1e3);
    readAll(engine, all);
  }
  const withExtractors: number[] = [];
  readAll(createEngine(extracting), withExtractors);
  const signed = createEngine(twoHost, 'check', nodeDigest);
  const hosts = { api: 'https://api.example.in', status: 'https://status.example.in' };
  const credentials = { member_id: '9876543210', api_key: 'bench-key' };
  const withSignatures: number[] = [];
  const requests: number[] = [];
  readAll(signed, withSignatures, (i, call, operator) => {
    if (call !== 'recharge' && call !== 'status') return;
    const t = process.hrtime.bigint();
    signed.request(call, hosts, { credentials, number: '1000001111', amountRupees: 300, operator, ref: `B${i}` });
    requests.push(Number(process.hrtime.bigint() - t) / 1e3);
  });
  all.push(...withExtractors, ...withSignatures);
  out['profile_parse_extractors_us_p95'] = p95(withExtractors);
  out['profile_parse_v2_variants_us_p95'] = p95(withSignatures);
  out['profile_request_v2_signed_us_p95'] = p95(requests);
  out['profile_parse_us_p50'] = Math.round(percentile(all, 50) * 10) / 10;
  out['profile_parse_us_p95'] = p95(all);
  out['profile_load_us_max'] = Math.round(coldMax);
  return out;
}
