import type { ResponseOf, ParsedRequestOf } from '../../../shared/ipc/contract';
import { sampleReading, type ProfileEngine } from '../../../shared/profiles/profile-engine';
import { BUILTIN_PROFILE_IDS, isBuiltinProfile } from '../../../shared/profiles/profile-ids';
import { builtinEngine } from '../../../shared/profiles/builtin-profiles';
import { UserFacingError } from '../errors/user-facing-error';
import type { ProfileStore } from './profile-store';

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
}

/** Which profile reads the provider: listing, checking an import, and choosing (the owner's). */
export class ProfileService {
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

  async use(req: ParsedRequestOf<'profile:use'>): Promise<ResponseOf<'profile:list'>> {
    const engine = req.id !== undefined ? this.deps.store.engine(req.id) : this.deps.store.read(req.text ?? '');
    const open = await this.deps.openLive();
    if (open > 0 && engine.profile.id !== this.deps.current()) throw new UserFacingError('profile_open_recharges', { count: open });
    if (req.text !== undefined) this.deps.store.save(engine, req.text);
    this.deps.choose(engine.profile.id);
    await this.deps.reopen();
    return this.list();
  }
}
