import { UserFacingError } from '../../errors/user-facing-error';
import type { TxnRecord } from '../../txn/txn-record';
import type { HandlerContext, SessionApi } from '../handler-context';
import type { HandlersFor } from './handlers-for';
import { answerChangeOutcome } from '../../session/changed-answer-notice';
import { oneUntilCounted, untilCounted } from './until-counted';

function txnOf(session: SessionApi, refId: string): TxnRecord {
  const txn = session.ledger.get(refId);
  if (!txn) throw new UserFacingError('txn_not_found', {});
  return txn;
}

export function txnHandlers(ctx: HandlerContext): HandlersFor<'txn'> {
  return {
    'txn:history': async (req) => {
      const items = (await ctx.session()).ledger.history(req);
      const last = items.length === req.limit ? items.at(-1) : undefined;
      return { items: await untilCounted(ctx, items), next: last ? { createdAt: last.createdAt, id: last.id } : null };
    },
    'txn:get': async ({ refId }) => {
      const s = await ctx.session();
      return {
        txn: await oneUntilCounted(ctx, txnOf(s, refId)),
        events: s.ledger.events(refId),
        complaints: s.ledger.complaintsFor(refId),
        sale: s.ledger.sales.forAttempt(refId),
        complaintsBy: s.complaints.takenOtherwise(refId),
      };
    },
    'txn:open': async (req) => {
      const items = (await ctx.session()).ledger.openPage(req.limit, req.before);
      const last = items.length === req.limit ? items.at(-1) : undefined;
      return { items: await untilCounted(ctx, items), next: last ? { createdAt: last.createdAt, id: last.id } : null };
    },
    'txn:check': async ({ refId }) => {
      const s = await ctx.session();
      txnOf(s, refId);
      const checked = await s.poller.checkNow(refId, 'manual');
      return { txn: await oneUntilCounted(ctx, checked ?? txnOf(s, refId)) };
    },
    'txn:attempts': async ({ saleId }) => {
      const s = await ctx.session();
      const items = s.ledger.attemptsOf(saleId).slice(0, 10);
      return {
        items: (await untilCounted(ctx, items)).map((t) => ({ ...t, accountName: s.router.nameOf(t.accountId ?? 'main').slice(0, 40) })),
      };
    },
    'txn:answerChange': async ({ refId }) => {
      const s = await ctx.session();
      return { change: answerChangeOutcome(s.ledger, txnOf(s, refId)) };
    },
    'txn:lastForNumber': async ({ number }) => {
      const last = (await ctx.session()).ledger.lastForNumber(number.trim());
      return { txn: last ? await oneUntilCounted(ctx, last) : null };
    },
  };
}
