import { describe, expect, it } from 'vitest';
import { buildReceipt, maskNumber, receiptPayment, receiptText, whatsappUrl } from '../../../../src/main/core/receipts/receipt';
import { isAllowedExternalUrl } from '../../../../src/main/core/security/external-links';
import type { TxnRecord } from '../../../../src/main/core/txn/txn-record';

const txn: TxnRecord = {
  id: 1,
  refId: 'ABCD20MWT901W300N',
  number: '9876515555',
  operator: 'AT',
  amount: 29900,
  status: 'Success',
  providerStatus: 'Success',
  txnId: 'RT1',
  optId: 'OP77',
  margin: 747,
  balanceAfter: 100000,
  message: '',
  rechargeDate: '2026-11-23',
  // 00:10 IST on the 23rd: still the 22nd in UTC.
  createdAt: Date.parse('2026-11-22T18:40:00Z'),
  updatedAt: 0,
  nextCheckAt: null,
  attempts: 0,
  lastError: null,
  moneyNote: null,
};
const shop = {
  name: 'Gupta Telecom',
  address: 'Station Road',
  gstin: '27ABCDE1234F1Z5',
  maskNumber: false,
  showCommission: false,
  paper: '80mm' as const,
  printer: '',
};

describe('receipt', () => {
  it('dates in India time, groups the number, names the operator', () => {
    expect(buildReceipt(txn, shop)).toMatchObject({
      date: '2026-11-23',
      time: '00:10:00',
      number: '98765 15555',
      operator: 'Airtel',
      amount: 29900,
    });
  });

  it('the WhatsApp receipt words the date and time as the screens do, in each language (issue 40)', () => {
    const r = buildReceipt(txn, shop);
    expect(receiptText(r, 'en')).toContain('Date: 23 Nov 2026, 12:10 am');
    expect(receiptText(r, 'hi')).toMatch(/23 नव॰ 2026, .*12:10/);
    for (const language of ['en', 'hi'] as const) expect(receiptText(r, language)).not.toContain('2026-11-23');
  });

  it('masks all but the last 4 digits when the shop asks, on paper and in the WhatsApp text', () => {
    expect(maskNumber('9876515555')).toBe('••••••5555');
    const r = buildReceipt(txn, { ...shop, maskNumber: true });
    expect(r.number).toBe('••••••5555');
    const url = whatsappUrl(txn, r, 'en', true);
    // Masked: WhatsApp asks whom to send to, rather than the link carrying the full number.
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(url)).not.toContain('9876515555');
  });

  it('a wa.me link to the customer, allowed by the external-link list, with the text in Hindi', () => {
    const r = buildReceipt(txn, shop);
    const url = whatsappUrl(txn, r, 'hi', false);
    expect(url.startsWith('https://wa.me/919876515555?text=')).toBe(true);
    expect(isAllowedExternalUrl(url)).toBe(true);
    const text = new URL(url).searchParams.get('text');
    expect(text).toBe(receiptText(r, 'hi'));
    expect(text).toContain('रिचार्ज रसीद');
    expect(text).toContain('₹299.00');
    expect(text).toContain('ऑपरेटर रेफ़: OP77');
  });

  const upi = { vpa: 'gupta.telecom@icici', payee: 'Gupta Telecom' };
  /** A sale paid all by UPI, its money not yet come. */
  const upiSale = (paise: number) => ({
    refId: txn.refId,
    saleRef: 'S7K2M9Q4X1AB',
    method: 'upi' as const,
    cash: 0,
    upi: paise,
    credit: 0,
    createdAt: 0,
    upiReceivedAt: null,
  });

  it('carries how the customer paid, and the UPI link (its QR) until the UPI money has come', () => {
    const sale = upiSale(29_900);
    const waiting = receiptPayment(txn, sale, upi, 'en');
    expect(waiting).toEqual({
      method: 'upi',
      cash: 0,
      upi: 29_900,
      credit: 0,
      upiReceived: false,
      upiUri: 'upi://pay?pa=gupta.telecom%40icici&pn=Gupta%20Telecom&am=299.00&cu=INR&tr=S7K2M9Q4X1AB&tn=Recharge%205555',
    });
    const text = receiptText({ ...buildReceipt(txn, shop), payment: waiting }, 'en');
    expect(text).toContain('Paid by: UPI');
    expect(text).toContain('Scan to pay by UPI: upi://pay?pa=gupta.telecom%40icici');
    expect(receiptPayment(txn, { ...sale, upiReceivedAt: 1 }, upi, 'hi')).toMatchObject({ upiReceived: true, upiUri: null });
    // A recharge from before payments were kept says nothing about it.
    expect(receiptPayment(txn, null, upi, 'en')).toBeUndefined();
  });

  it('asks a failed or refunded recharge’s customer for nothing: no UPI link, no “Scan to pay”, in either language (issue 40)', () => {
    const sale = upiSale(19_900);
    for (const status of ['Failure', 'Refunded', 'Error'] as const) {
      for (const language of ['en', 'hi'] as const) {
        const failed = { ...txn, status };
        const payment = receiptPayment(failed, sale, upi, language);
        expect(payment).toMatchObject({ method: 'upi', upi: 19_900, upiReceived: false, upiUri: null });
        const text = receiptText({ ...buildReceipt(failed, shop), payment }, language);
        expect(text).not.toContain('upi://');
        expect(text).not.toContain(language === 'en' ? 'Scan to pay' : 'स्कैन');
      }
    }
    // The customer said not to have paid: the receipt says nothing of a payment.
    const notPaid = receiptPayment({ ...txn, status: 'Failure' }, { ...sale, settledAs: 'not_paid', settledAt: 2 }, upi, 'en');
    expect(notPaid).toBeUndefined();
    expect(receiptText({ ...buildReceipt({ ...txn, status: 'Failure' }, shop), payment: notPaid }, 'en')).not.toContain('Paid by');
    // A split whose cash was handed back and whose UPI never came (issue 40): nothing was paid in the end.
    const split = { ...sale, method: 'split' as const, cash: 10_000, upi: 9_900, settledAs: 'split_not_paid' as const, settledAt: 2 };
    expect(receiptPayment({ ...txn, status: 'Failure' }, split, upi, 'en')).toBeUndefined();
    // While the recharge's fate is not known the customer may still owe it: the link stays.
    expect(receiptPayment({ ...txn, status: 'Pending' }, sale, upi, 'en')?.upiUri).toMatch(/^upi:\/\/pay\?/);
  });
});
