import { UserFacingError } from '../../errors/user-facing-error';
import { buildReceipt, whatsappUrl } from '../../receipts/receipt';
import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function receiptHandlers(ctx: HandlerContext): HandlersFor<'receipt'> {
  return {
    'receipt:get': async ({ refId, language }) => {
      const txn = (await ctx.session()).ledger.get(refId);
      if (!txn) throw new UserFacingError('txn_not_found', {});
      const shop = ctx.settings.get().shop;
      const receipt = buildReceipt(txn, shop);
      return { receipt, whatsappUrl: whatsappUrl(txn, receipt, language, shop.maskNumber) };
    },
    'receipt:print': ({ paper, heightMm }) => ctx.receiptPrinter.print({ paper, heightMm, printer: ctx.settings.get().shop.printer }),
    'receipt:printers': async () => ({ printers: await ctx.receiptPrinter.printers() }),
  };
}
