import { findOperator, isMobileNumber } from '../../../shared/operators';
import { istDate, istTime } from '../../../shared/ist-date';
import { formatInr, paise } from '../../../shared/money';
import { formatIsoDayTime } from '../../../shared/format';
import type { Receipt } from '../../../shared/receipt-schemas';
import type { Settings } from '../../../shared/settings-schema';
import type { Language } from '../../../shared/language';
import { groupForReading } from '../../../shared/subscriber-number';
import type { TxnRecord } from '../txn/txn-record';
import { SHARED_RECEIPT_WORDS } from '../../../shared/words/receipt-words';
import type { Sale } from '../../../shared/payment/payment';
import { saleUpiUri } from '../../../shared/payment/sale-upi';
import { upiOwed } from '../../../shared/money-law/upi-owed';
import { OWNER_ID, type Doer } from '../../../shared/lock-schemas';
import { upiNeverCame } from '../../../shared/money-law/split-not-paid';

/** All but the last 4 digits hidden, so a lost receipt does not give away a customer's number. */
export function maskNumber(number: string): string {
  return number.length <= 4 ? number : `${'•'.repeat(number.length - 4)}${number.slice(-4)}`;
}

export function buildReceipt(txn: TxnRecord, shop: Settings['shop']): Receipt {
  const operator = findOperator(txn.operator);
  return {
    shop: { name: shop.name, address: shop.address, gstin: shop.gstin },
    number: shop.maskNumber ? maskNumber(txn.number) : groupForReading(txn.number),
    category: operator?.category ?? 'mobile',
    operator: operator?.name ?? txn.operator,
    amount: txn.amount,
    status: txn.status,
    refId: txn.refId,
    txnId: txn.txnId,
    optId: txn.optId,
    date: istDate(txn.createdAt),
    time: istTime(txn.createdAt),
  };
}

/** The name a receipt gives for who served: a named person's, never the owner's or a shared PIN's (they have none). */
export function servedBy(who: Doer | null): { servedBy: string } | Record<string, never> {
  return who && who.id !== null && who.id !== OWNER_ID && who.name ? { servedBy: who.name } : {};
}

/** How the sale was paid, for the receipt; the UPI link only while that money is still owed (never for a failed recharge). */
export function receiptPayment(txn: TxnRecord, sale: Sale | null, upi: Settings['upi'], language: Language): Receipt['payment'] {
  // Said "did not pay" (issue 40): the UPI it was to be paid by never came (a split's cash was handed
  // back), so no line says it was paid.
  if (!sale || upiNeverCame(sale.settledAs)) return undefined;
  const upiReceived = sale.upiReceivedAt !== null;
  const upiUri =
    upiOwed(txn.status, sale) && sale.saleRef
      ? saleUpiUri(upi, { upi: sale.upi, saleRef: sale.saleRef, number: txn.number }, language)
      : null;
  return { method: sale.method, cash: sale.cash, upi: sale.upi, credit: sale.credit, upiReceived, upiUri };
}

/** The receipt as a chat message: one fact per line, no layout to break on a phone. */
export function receiptText(r: Receipt, language: Language): string {
  const l = SHARED_RECEIPT_WORDS[language];
  const lines = [
    r.shop.name && `*${r.shop.name}*`,
    l.title,
    `${l.date}: ${formatIsoDayTime(r.date, r.time, language)}`,
    `${r.category === 'dth' ? l.subscriber : l.number}: ${r.number}`,
    `${l.operator}: ${r.operator}`,
    `${l.amount}: ${formatInr(paise(r.amount))}`,
    `${l.status}: ${l.statuses[r.status]}`,
    `${l.ref}: ${r.refId}`,
    r.optId && `${l.optId}: ${r.optId}`,
    r.payment && `${l.paidBy}: ${l.methods[r.payment.method]}`,
    r.servedBy && `${l.servedBy}: ${r.servedBy}`,
    r.payment?.upiUri && `${l.upiWaiting}: ${r.payment.upiUri}`,
    l.thanks,
  ];
  return lines.filter(Boolean).join('\n');
}

/**
 * A wa.me link with the text filled in: to the customer's own number when the shop does not mask
 * it and it is a mobile number, otherwise WhatsApp asks whom to send it to.
 */
export function whatsappUrl(txn: TxnRecord, r: Receipt, language: Language, masked: boolean): string {
  const to = !masked && r.category === 'mobile' && isMobileNumber(txn.number) ? `91${txn.number}` : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(receiptText(r, language))}`;
}
