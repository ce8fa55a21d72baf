import { builtinEngine } from '../../src/shared/profiles/builtin-profiles';
import { BUILTIN_PROFILE_IDS } from '../../src/shared/profiles/profile-ids';
import { createEngine, type ProfileEngine } from '../../src/shared/profiles/profile-engine';
import extracting from '../fixtures/profiles/kv-message-v2.json';
import { percentile } from './stats';

/**
 * What reading a reply through a profile costs (issue 28, goal ≤ 0.1 ms p95): every built-in
 * profile's own sample replies (success, pending, failure, refusal, refund, garbage), read as the
 * client reads them, the first read of each profile (its engine made) counted apart as the cold case.
 * A version 2 profile reading facts inside a field (key=value bodies, pairs and RE2 captures in the
 * message; issue 36 item 5) is read among them and also reported on its own.
 */
export async function profileParseBench(rounds = 2000): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const all: number[] = [];
  let coldMax = 0;
  const readAll = (engine: ProfileEngine, into: number[]) => {
    for (let i = 0; i < rounds; i++) {
      for (const s of engine.profile.samples) {
        const t = process.hrtime.bigint();
        engine.read(s.call, s.body);
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
  all.push(...withExtractors);
  out['profile_parse_extractors_us_p95'] = Math.round(percentile(withExtractors, 95) * 10) / 10;
  out['profile_parse_us_p50'] = Math.round(percentile(all, 50) * 10) / 10;
  out['profile_parse_us_p95'] = Math.round(percentile(all, 95) * 10) / 10;
  out['profile_load_us_max'] = Math.round(coldMax);
  return out;
}
