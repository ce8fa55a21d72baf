import type { ResponseOf, ParsedRequestOf } from '../../../shared/ipc/contract';
import { sampleReading, type ProfileEngine } from '../../../shared/profiles/profile-engine';
import { BUILTIN_PROFILE_IDS, isBuiltinProfile } from '../../../shared/profiles/profile-ids';
import { builtinEngine } from '../../../shared/profiles/builtin-profiles';
import { UserFacingError } from '../errors/user-facing-error';
import type { AccountCredentials } from '../reseller/client-credentials';
import type { ExportTarget } from '../reports/export-target';
import { writeExport } from '../reports/write-export';
import { testConnection } from '../auth/connection-test';
import type { ProfileStore } from './profile-store';
import { benchHosts, hostsConfirmed, textKey, withoutCredentials } from './profile-bench';
import { readOnBench } from '../../../shared/profiles/profile-problems';

type Info = ResponseOf<'profile:list'>['current'];

const info = (e: ProfileEngine, builtin: boolean): Info => ({
  id: e.profile.id,
  name: e.profile.name,
  version: e.profile.version,
  builtin,
});

export interface ProfileServiceDeps {
  readonly store: ProfileStore;
  readonly current: () => string;
  readonly choose: (id: string) => void;
  /** Recharges of the live session still waiting for an answer (0 in demo mode). */
  readonly openLive: () => Promise<number>;
  readonly demo: () => boolean;
  /** Re-opens the session so the new profile reads the next answer. */
  readonly reopen: () => Promise<void>;
  /** The live account's address and credentials, when saved: the workbench's connection test uses them. */
  readonly credentials?: () => AccountCredentials | null;
  /** The connection test (a test hands in one that counts what it is asked). */
  readonly testConnection?: typeof testConnection;
}

/** Which profile reads the provider: listing, checking an import, and choosing (the owner's). */
export class ProfileService {
  /** The texts (with their confirmed hosts) whose connection test passed: a save needs one when an account is in. */
  private readonly passed = new Set<string>();
  constructor(private readonly deps: ProfileServiceDeps) {}

  async list(): Promise<ResponseOf<'profile:list'>> {
    const { store } = this.deps;
    const available = [
      ...BUILTIN_PROFILE_IDS.map((id) => info(builtinEngine(id), true)),
      // An imported file that no longer reads is left out of the list, not shown as usable.
      ...store.imported().flatMap((id) => {
        try {
          return [info(store.engine(id), false)];
        } catch {
          return [];
        }
      }),
    ];
    const id = this.deps.current();
    const current = available.find((p) => p.id === id) ?? { id, name: id, version: 0, builtin: false };
    return { current, available, demo: this.deps.demo() };
  }

  /** Reads a profile file as an import would, changing nothing: what each sample is read as. */
  check(text: string): ResponseOf<'profile:check'> {
    const engine = this.deps.store.read(text);
    if (!isBuiltinProfile(engine.profile.id)) this.deps.store.refuseRewrite(engine);
    // Each sample read again as the client would read it: what the owner sees is the engine's answer.
    const samples = engine.profile.samples.map((s) => ({
      call: s.call,
      note: s.note,
      expected: s.reads,
      read: sampleReading(s.call, engine.read(s.call, s.body)),
    }));
    return { profile: info(engine, false), samples };
  }

  /** The workbench: a pasted text read with every problem on its line, its samples and its hosts. Saves nothing. */
  bench(text: string): ResponseOf<'profile:bench'> {
    const r = readOnBench(text);
    const problems = [...r.problems];
    if (r.profile && !isBuiltinProfile(r.profile.id)) {
      try {
        this.deps.store.refuseRewrite(this.deps.store.read(text));
      } catch (e) {
        // The law's faults are already listed; only a version taken is new here.
        if (e instanceof UserFacingError && e.outcome.code === 'profile_refused' && e.outcome.params.faults[0]?.fault === 'version_taken')
          problems.unshift({
            line: 1,
            column: 1,
            path: 'version',
            problem: { code: 'profile_problem', params: { kind: 'law', fault: e.outcome.params.faults[0] } },
          });
      }
    }
    if (r.profile && isBuiltinProfile(r.profile.id))
      problems.unshift({
        line: 1,
        column: 1,
        path: 'id',
        problem: { code: 'profile_problem', params: { kind: 'law', fault: { fault: 'id_taken' } } },
      });
    return {
      problems,
      profile: r.profile ? { id: r.profile.id, name: r.profile.name, version: r.profile.version, builtin: false } : null,
      lawPassed: r.lawPassed,
      samples: r.samples ? [...r.samples] : null,
      hosts: r.profile ? benchHosts(r.profile, this.savedProfile(r.profile.id)) : null,
      testNeeded: this.testNeeded(r.profile),
    };
  }

  /** The connection test through a pasted profile, to the owner's address, only once its hosts are confirmed. */
  async test(req: ParsedRequestOf<'profile:test'>): Promise<ResponseOf<'profile:test'>> {
    const engine = this.ready(req.text, req.hosts, false);
    const credentials = this.deps.credentials?.() ?? null;
    if (!credentials) return { ok: false, reason: 'not_configured', said: '' };
    const result = await (this.deps.testConnection ?? testConnection)(credentials, engine);
    if (result.ok) this.passed.add(textKey(req.text, req.hosts));
    return result;
  }

  /** A profile's file for others: no credential value of the account in it. */
  async export(id: string, target: ExportTarget): Promise<ResponseOf<'profile:export'>> {
    const text = this.deps.store.text(id) ?? JSON.stringify(this.deps.store.engine(id).profile);
    const credentials = this.deps.credentials?.() ?? null;
    const clean = withoutCredentials(text, credentials ? credentials.values : {});
    const path = await target.choose(`${id}.json`, 'json');
    if (path === null) return { path: null };
    await writeExport(path, { kind: 'chunks', chunks: [{ text: clean, rows: 1 }] });
    return { path };
  }

  private savedProfile(id: string) {
    if (isBuiltinProfile(id) || !this.deps.store.imported().includes(id)) return null;
    try {
      return this.deps.store.engine(id).profile;
    } catch {
      return null;
    }
  }

  /** The test is asked for when an account is in and the profile has a balance call to send it through. */
  private testNeeded(profile: { calls: { balance?: unknown } } | null): boolean {
    return (this.deps.credentials?.() ?? null) !== null && profile?.calls.balance !== undefined;
  }

  /**
   * The engine of a pasted text that may be tested or saved: it parses, passes the law and reads its
   * samples (else refused as an import always was), its hosts are confirmed as the owner saw them
   * and, to save it, its connection test passed; refused naming every step still missing.
   */
  private ready(text: string, hosts: Readonly<Record<string, string | null>> | undefined, saving: boolean) {
    const engine = this.deps.store.read(text);
    if (saving && isBuiltinProfile(engine.profile.id)) throw new UserFacingError('profile_refused', { faults: [{ fault: 'id_taken' }] });
    if (saving) this.deps.store.refuseRewrite(engine);
    const missing: ('hosts' | 'test')[] = [];
    if (!hostsConfirmed(engine.profile, hosts)) missing.push('hosts');
    if (saving && this.testNeeded(engine.profile) && !this.passed.has(textKey(text, hosts ?? {}))) missing.push('test');
    if (missing.length > 0) throw new UserFacingError('profile_not_ready', { missing });
    return engine;
  }

  async use(req: ParsedRequestOf<'profile:use'>): Promise<ResponseOf<'profile:list'>> {
    const engine = req.id !== undefined ? this.deps.store.engine(req.id) : this.ready(req.text ?? '', req.hosts, true);
    const open = await this.deps.openLive();
    if (open > 0 && engine.profile.id !== this.deps.current()) throw new UserFacingError('profile_open_recharges', { count: open });
    if (req.text !== undefined) this.deps.store.save(engine, req.text);
    this.deps.choose(engine.profile.id);
    await this.deps.reopen();
    return this.list();
  }
}
