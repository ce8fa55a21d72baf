import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { UserFacingError } from '../errors/user-facing-error';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { settingsSchema, type Settings, type SettingsPatch } from '../../../shared/settings-schema';
import { SAFETY_FLOORS } from '../../../shared/field-limits';
import type { CarriedChange } from '../routing/carried-changes';
import { inspectBackup, prepareRestore, swapBack, swapInBackup, type BackupInfo, type PreparedRestore } from './restore';

export interface ImportDeps {
  /** Where the ledger of a live account with this username lives. */
  readonly liveLedgerFile: (username: string) => string;
  /** The ledger of the session open now. */
  readonly currentLedgerFile: () => Promise<string>;
  /** Restores into the open session (closes it, swaps, reopens, re-checks open ones). */
  readonly restoreOpen: (path: string) => Promise<ResponseOf<'backup:restore'>>;
  readonly updateSettings: (patch: SettingsPatch | { provider: Partial<Settings['provider']> }) => void;
  /** This PC's account now: a file pointing elsewhere needs the owner's confirmation. */
  readonly currentProvider: () => Settings['provider'];
  /**
   * Switches to the imported live account with no token (any saved one belongs to another
   * account and must never be sent with this one) and opens its session, on hold until the
   * token is entered. Returns how many open transactions wait for it. When that fails, `putBack`
   * restores the files before it says so.
   */
  readonly openImportedAccount: (
    account: { baseUrl: string; username: string; profile: string },
    putBack: () => void,
  ) => Promise<{ open: number }>;
  readonly now: () => number;
  /**
   * The imported provider profile the file's account reads with, checked as any profile file is
   * (a built-in one travels by name alone); `keep` saves it once the ledger is in place.
   */
  readonly readProfile: (text: string) => { id: string; keep: () => void };
  readonly isBuiltinProfile: (id: string) => boolean;
  /**
   * Keeps the other profile versions the file carries (those its open recharges were sent with),
   * each checked as any profile file is; one that does not pass is left out, never read otherwise.
   */
  readonly keepProfileVersions?: (texts: readonly string[]) => void;
  /**
   * The routing rules the file carries (routing.json's text), kept here only when they pass every
   * check of a save; the tokens of its accounts never travel and are entered again in Settings.
   */
  readonly keepRouting?: (text: string) => void;
  /** What the carried routing rules would change here, shown to the owner before anything is kept. */
  readonly routingChanges?: (text: string) => CarriedChange[];
}

const liveAccount = z.object({ mode: z.literal('live'), provider: z.object({ baseUrl: z.string(), username: z.string().min(1) }) });

/** The settings a move file brings, safety limits raised to their floors (field-limits.ts). */
function carried(settings: Settings): SettingsPatch {
  return {
    language: settings.language,
    recharge: {
      duplicateWindowMinutes: Math.max(settings.recharge.duplicateWindowMinutes, SAFETY_FLOORS.duplicateWindowMinutes),
      unusualAmountTimes: settings.recharge.unusualAmountTimes,
    },
    poller: settings.poller,
    lowBalanceRupees: Math.max(settings.lowBalanceRupees, SAFETY_FLOORS.lowBalanceRupees),
  };
}

/**
 * "Move to another PC", the import side: a file exported on the old PC is checked, its settings
 * taken (never a token: there is none in it; folders and the install prefix stay this PC's), and
 * its ledger put where that account's ledger lives here, with any file already there kept aside.
 * The live session opens on that ledger with recharges on hold until the shopkeeper enters the
 * token in Settings; its open transactions wait, in view, for it.
 *
 * The file is anyone's who held the USB drive, so it is taken whole or not at all: settings that
 * do not parse refuse it before anything changes; a provider address or username other than this
 * PC's is shown and applied only when the owner confirms (`confirmAccount`, an owner-only channel);
 * the safety limits it carries never go below their floors; and its settings are applied only once
 * its ledger is in place.
 */
export async function importFromOtherPc(
  path: string,
  deps: ImportDeps,
  confirmAccount = false,
): Promise<ResponseOf<'backup:restore'> & { needsToken: boolean }> {
  const info = await inspectBackup(path);
  const parsed = settingsSchema.safeParse(info.settings);
  if (!parsed.success) throw new UserFacingError('move_settings_unreadable', {});
  const settings = parsed.data;
  const live = liveAccount.safeParse(settings);
  if (!confirmAccount) askFirst(settings, live.success, info.routingText, deps);
  if (!live.success) return restoreThenSettings(path, deps, info, null);
  // The account's own dialect comes with it, checked before anything changes.
  const profile = carriedProfile(settings.provider.profile, info.profileText, deps);
  const target = deps.liveLedgerFile(live.data.provider.username);
  if (target === (await deps.currentLedgerFile())) return restoreThenSettings(path, deps, info, profile);
  let keptAside: string | null;
  let prepared: PreparedRestore;
  try {
    // A new PC has no folder for this account yet.
    await mkdir(dirname(target), { recursive: true });
    prepared = await prepareRestore(path, target, deps.now());
  } catch (e) {
    if (e instanceof UserFacingError) throw e;
    throw new UserFacingError('restore_failed', { stage: 'move' });
  }
  // Kept before the swap: a profile file alone changes nothing until the account is opened with it.
  profile?.keep();
  deps.keepProfileVersions?.(info.profileVersionTexts);
  try {
    keptAside = swapInBackup(prepared.incoming, target, deps.now());
  } catch {
    throw new UserFacingError('restore_failed', { stage: 'move' });
  }
  deps.updateSettings(carried(settings));
  const account = { baseUrl: live.data.provider.baseUrl, username: live.data.provider.username, profile: settings.provider.profile };
  const { open } = await deps.openImportedAccount(account, () => swapBack(target, keptAside, deps.now()));
  if (info.routingText !== null) deps.keepRouting?.(info.routingText);
  return {
    restoredFrom: path,
    keptAside,
    txns: prepared.txns,
    journaled: 0,
    open,
    rejected: prepared.rejected,
    rejectedRefs: [...prepared.rejectedRefs],
    quarantine: prepared.quarantine,
    needsToken: true,
  };
}

/**
 * Refuses until the owner confirms when the file would point any account elsewhere: the first
 * account's address, username or profile, or any routing account or route. Each change is named
 * with what it replaces; nothing is kept before the owner says yes.
 */
function askFirst(settings: Settings, live: boolean, routingText: string | null, deps: ImportDeps): void {
  const now = deps.currentProvider();
  const { baseUrl, username, profile } = settings.provider;
  const accountMoves = live && (baseUrl !== now.baseUrl || username !== now.username || profile !== now.profile);
  const routing = routingText === null ? [] : (deps.routingChanges?.(routingText) ?? []);
  if (!accountMoves && routing.length === 0) return;
  throw new UserFacingError('move_account_confirm', {
    baseUrl: (live ? baseUrl : now.baseUrl).slice(0, 500),
    username: (live ? username : now.username).slice(0, 100),
    currentBaseUrl: now.baseUrl.slice(0, 500),
    currentUsername: now.username.slice(0, 100),
    ...(live && profile !== now.profile ? { profile: profile.slice(0, 60), currentProfile: now.profile.slice(0, 60) } : {}),
    ...(routing.length > 0 ? { routing } : {}),
  });
}

/** A built-in profile travels by name; an imported one must be in the file and read as a profile. */
function carriedProfile(id: string, text: string | null, deps: ImportDeps): { keep: () => void } | null {
  if (deps.isBuiltinProfile(id)) return null;
  if (text === null) throw new UserFacingError('profile_missing', { id: id.slice(0, 40) });
  const read = deps.readProfile(text);
  // The file names one profile in its settings and carries another: neither is to be trusted.
  if (read.id !== id) throw new UserFacingError('profile_missing', { id: id.slice(0, 40) });
  return read;
}

async function restoreThenSettings(path: string, deps: ImportDeps, info: BackupInfo, profile: { keep: () => void } | null) {
  const settings = settingsSchema.parse(info.settings);
  const restored = await deps.restoreOpen(path);
  deps.updateSettings(carried(settings));
  deps.keepProfileVersions?.(info.profileVersionTexts);
  if (profile) {
    profile.keep();
    deps.updateSettings({ provider: { profile: settings.provider.profile } });
  }
  if (info.routingText !== null) deps.keepRouting?.(info.routingText);
  return { ...restored, needsToken: false };
}
