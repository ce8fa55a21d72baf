import { z } from 'zod';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { settingsSchema, type Settings, type SettingsPatch } from '../../../shared/settings-schema';
import { inspectBackup, prepareRestore, swapInBackup } from './restore';

export interface ImportDeps {
  /** Where the ledger of a live account with this username lives. */
  readonly liveLedgerFile: (username: string) => string;
  /** The ledger of the session open now. */
  readonly currentLedgerFile: () => Promise<string>;
  /** Restores into the open session (closes it, swaps, reopens, re-checks open ones). */
  readonly restoreOpen: (path: string) => Promise<ResponseOf<'backup:restore'>>;
  readonly updateSettings: (patch: SettingsPatch | { provider: Partial<Settings['provider']> }) => void;
  readonly now: () => number;
}

const liveAccount = z.object({ mode: z.literal('live'), provider: z.object({ baseUrl: z.string(), username: z.string().min(1) }) });

/**
 * "Move to another PC", the import side: a file exported on the old PC is checked, its settings
 * taken (never a token: there is none in it; folders and the install prefix stay this PC's), and
 * its ledger put where that account's ledger lives here, with any file already there kept aside.
 * The shopkeeper then enters the token in Settings, and the live session opens on that ledger.
 */
export async function importFromOtherPc(path: string, deps: ImportDeps): Promise<ResponseOf<'backup:restore'> & { needsToken: boolean }> {
  const info = await inspectBackup(path);
  const parsed = settingsSchema.safeParse(info.settings);
  const settings = parsed.success ? parsed.data : null;
  if (settings) {
    deps.updateSettings({
      language: settings.language,
      recharge: settings.recharge,
      poller: settings.poller,
      lowBalanceRupees: settings.lowBalanceRupees,
    });
  }
  const live = liveAccount.safeParse(settings);
  if (!live.success) return { ...(await deps.restoreOpen(path)), needsToken: false };
  const target = deps.liveLedgerFile(live.data.provider.username);
  if (target === (await deps.currentLedgerFile())) return { ...(await deps.restoreOpen(path)), needsToken: false };
  deps.updateSettings({ provider: { baseUrl: live.data.provider.baseUrl, username: live.data.provider.username } });
  const keptAside = swapInBackup(prepareRestore(path, target), target, deps.now());
  return { restoredFrom: path, keptAside, txns: info.counts['txns'] ?? 0, journaled: 0, open: 0, needsToken: true };
}
