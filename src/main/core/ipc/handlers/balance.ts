import { FIRST_ACCOUNT_ID } from '../../../../shared/routing/single-account';
import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function balanceHandlers(ctx: HandlerContext): HandlersFor<'balance'> {
  return {
    'balance:get': async () => {
      const s = await ctx.session();
      return { balance: s.balances.last(), ...s.connection(), refused: s.balances.refusal(), note: s.balances.note() };
    },
    'balance:accounts': async ({ refresh }) => {
      const s = await ctx.session();
      if (refresh) await s.readWallets();
      const accounts = s.router.accountList();
      const main = s.balances.last();
      const others = new Map(s.wallets.list().map((w) => [w.account, w]));
      return {
        enabled: s.router.enabled,
        accounts: accounts.map(({ id, name }) => {
          if (id === FIRST_ACCOUNT_ID) return { id, name, balance: main?.buyer ?? null, at: main?.at ?? null, checkFailed: false };
          const w = others.get(id);
          return { id, name, balance: w?.balancePaise ?? null, at: w?.at ?? null, checkFailed: w?.checkFailed ?? false };
        }),
      };
    },
    'balance:refresh': async () => {
      const s = await ctx.session();
      const balance = await s.balances.refresh();
      return { balance, note: s.balances.note() };
    },
  };
}
