import type { Handlers } from './router';
import { UserFacingError } from './router';
import type { AppInfoSource } from '../app-info';
import { appInfo } from '../app-info';
import type { AuthService } from '../auth/auth-service';
import type { SettingsService } from '../settings/settings-service';
import type { ProviderSession } from '../session/provider-session';
import type { Updater } from '../updater';

export interface HandlerContext {
  app: AppInfoSource;
  auth: AuthService;
  settings: SettingsService;
  session: () => Promise<ProviderSession>;
  /** Re-opens the provider session after the account or mode changed. */
  reopen: () => Promise<void>;
  /** Applies settings that need a restart of something (the callback listener). */
  settingsChanged: () => Promise<void>;
  /** Where the callback listener receives, to register at the provider; null when off. */
  callbackUrl: () => string | null;
  updater: Updater;
}

function txnOf(session: ProviderSession, refId: string) {
  const txn = session.ledger.get(refId);
  if (!txn) throw new UserFacingError('txn_not_found', 'This transaction is not in the history.');
  return txn;
}

const status = (ctx: HandlerContext) => ({ ...ctx.auth.status(), callbackUrl: ctx.callbackUrl() });

/** Every channel of the contract, answered by the core's services. */
export function buildHandlers(ctx: HandlerContext): Handlers {
  return {
    'app:info': () => appInfo(ctx.app),
    'app:update': () => ctx.updater.state(),
    'app:restartToUpdate': async () => {
      if (ctx.updater.state().status !== 'ready') return { restarting: false };
      if ((await ctx.session()).recharge.busy) {
        throw new UserFacingError('busy_sending', 'A recharge is being sent right now. Restart to update once it has an answer.');
      }
      ctx.updater.restart();
      return { restarting: true };
    },
    'recharge:submit': async (req) => (await ctx.session()).recharge.submit(req),
    'txn:history': async (req) => {
      const s = await ctx.session();
      const items = s.ledger.history(req);
      const last = items.length === req.limit ? items.at(-1) : undefined;
      return { items, next: last ? { createdAt: last.createdAt, id: last.id } : null };
    },
    'txn:get': async ({ refId }) => {
      const s = await ctx.session();
      return { txn: txnOf(s, refId), events: s.ledger.events(refId), complaints: s.ledger.complaintsFor(refId) };
    },
    'txn:open': async () => ({ items: (await ctx.session()).ledger.openTxns() }),
    'txn:check': async ({ refId }) => {
      const s = await ctx.session();
      txnOf(s, refId);
      const txn = await s.poller.checkNow(refId, 'manual');
      return { txn: txn ?? txnOf(s, refId) };
    },
    'txn:lastForNumber': async ({ number }) => ({ txn: (await ctx.session()).ledger.lastForNumber(number.trim()) ?? null }),
    'balance:get': async () => {
      const s = await ctx.session();
      return { balance: s.balances.last(), online: s.poller.isOnline };
    },
    'balance:refresh': async () => ({ balance: await (await ctx.session()).balances.refresh() }),
    'complaint:create': async ({ refId, reason }) => ({ complaint: await (await ctx.session()).complaints.create(refId, reason) }),
    'complaint:list': async () => ({ items: (await ctx.session()).complaints.list() }),
    'auth:status': () => status(ctx),
    'auth:save': async (req) => {
      await ctx.auth.save(req);
      await ctx.reopen();
      return status(ctx);
    },
    'auth:clear': async () => {
      ctx.auth.clear();
      await ctx.reopen();
      return status(ctx);
    },
    'auth:test': (req) => ctx.auth.test(req),
    'settings:get': () => ctx.settings.get(),
    'settings:update': async (patch) => {
      const before = ctx.auth.mode();
      const updated = ctx.settings.update(patch);
      if (ctx.auth.mode() !== before) await ctx.reopen();
      await ctx.settingsChanged();
      return updated;
    },
  };
}
