import type { HandlerContext } from '../handler-context';
import type { Handlers } from '../router';
import { authHandlers, settingsHandlers } from './account';
import { appHandlers } from './app';
import { balanceHandlers } from './balance';
import { clipboardHandlers } from './clipboard';
import { backupHandlers } from './backup';
import { complaintHandlers } from './complaint';
import { rechargeHandlers } from './recharge';
import { saleHandlers } from './sale';
import { txnHandlers } from './txn';
import { reportHandlers } from './report';
import { receiptHandlers } from './receipt';
import { dayCloseHandlers } from './dayclose';
import { shopHandlers } from './shop';
import { customerHandlers } from './customer';
import { khataHandlers } from './khata';
import { lockHandlers } from './lock';
import { profileHandlers } from './profile';
import { filesHandlers } from './files';
import { routingHandlers } from './routing';

/**
 * Every channel of the contract, answered by the core's services. Each domain's file answers its
 * own `domain:*` channels; the `Handlers` type makes a channel without an answer a compile error.
 */
export function buildHandlers(ctx: HandlerContext): Handlers {
  return {
    ...appHandlers(ctx),
    ...rechargeHandlers(ctx),
    ...saleHandlers(ctx),
    ...txnHandlers(ctx),
    ...complaintHandlers(ctx),
    ...balanceHandlers(ctx),
    ...authHandlers(ctx),
    ...settingsHandlers(ctx),
    ...clipboardHandlers(ctx),
    ...backupHandlers(ctx),
    ...reportHandlers(ctx),
    ...receiptHandlers(ctx),
    ...dayCloseHandlers(ctx),
    ...shopHandlers(ctx),
    ...customerHandlers(ctx),
    ...khataHandlers(ctx),
    ...lockHandlers(ctx),
    ...profileHandlers(ctx),
    ...filesHandlers(ctx),
    ...routingHandlers(ctx),
  };
}
