import { UserFacingError } from '../../errors/user-facing-error';
import { buildReceipt, receiptPayment, servedBy, whatsappUrl } from '../../receipts/receipt';
import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function receiptHandlers(ctx: HandlerContext): HandlersFor<'receipt'> {
  return {
    'receipt:get': async ({ refId, language }) => {
      const session = await ctx.session();
      const txn = session.ledger.get(refId);
      if (!txn) throw new UserFacingError('txn_not_found', {});
      const { shop, upi } = ctx.settings.get();
      const payment = receiptPayment(txn, session.ledger.sales.forAttempt(refId), upi, language);
      const by = servedBy(session.ledger.doneBy.whoDid('sale', txn.saleId ?? txn.refId));
      const receipt = { ...buildReceipt(txn, shop), ...by, ...(payment ? { payment } : {}) };
      return { receipt, whatsappUrl: whatsappUrl(txn, receipt, language, shop.maskNumber) };
    },
    'receipt:print': ({ paper, heightMm }) => ctx.receiptPrinter.print({ paper, heightMm, printer: ctx.settings.get().shop.printer }),
    'receipt:printers': async () => ({ printers: await ctx.receiptPrinter.printers() }),
  };
}
