import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { UserFacingError } from '../errors/user-facing-error';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { settingsSchema, type Settings, type SettingsPatch } from '../../../shared/settings-schema';
import { SAFETY_FLOORS } from '../../../shared/field-limits';
import { inspectBackup, prepareRestore, swapInBackup, type PreparedRestore } from './restore';

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
   * token is entered. Returns how many open transactions wait for it.
   */
  readonly openImportedAccount: (account: { baseUrl: string; username: string }) => Promise<{ open: number }>;
  readonly now: () => number;
}

const liveAccount = z.object({ mode: z.literal('live'), provider: z.object({ baseUrl: z.string(), username: z.string().min(1) }) });

/** The settings a move file brings, safety limits raised to their floors (field-limits.ts). */
function carried(settings: Settings): SettingsPatch {
  return {
    language: settings.language,
    recharge: { duplicateWindowMinutes: Math.max(settings.recharge.duplicateWindowMinutes, SAFETY_FLOORS.duplicateWindowMinutes) },
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
  if (live.success && !confirmAccount) {
    const now = deps.currentProvider();
    const { baseUrl, username } = live.data.provider;
    if (baseUrl !== now.baseUrl || username !== now.username) {
      throw new UserFacingError('move_account_confirm', {
        baseUrl: baseUrl.slice(0, 500),
        username: username.slice(0, 20),
        currentBaseUrl: now.baseUrl,
        currentUsername: now.username,
      });
    }
  }
  if (!live.success) return restoreThenSettings(path, deps, settings);
  const target = deps.liveLedgerFile(live.data.provider.username);
  if (target === (await deps.currentLedgerFile())) return restoreThenSettings(path, deps, settings);
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
  try {
    keptAside = swapInBackup(prepared.incoming, target, deps.now());
  } catch {
    throw new UserFacingError('restore_failed', { stage: 'move' });
  }
  deps.updateSettings(carried(settings));
  const { open } = await deps.openImportedAccount({ baseUrl: live.data.provider.baseUrl, username: live.data.provider.username });
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

async function restoreThenSettings(path: string, deps: ImportDeps, settings: Settings) {
  const restored = await deps.restoreOpen(path);
  deps.updateSettings(carried(settings));
  return { ...restored, needsToken: false };
}
