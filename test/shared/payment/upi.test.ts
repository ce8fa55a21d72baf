import { describe, expect, it } from 'vitest';
import { upiSettingsSchema, vpaSchema } from '../../../src/shared/payment/upi';
import { looksPersonal, newSaleRef, upiUri } from '../../../src/shared/payment/upi-link';
import { paymentRequestSchema } from '../../../src/shared/payment/payment';
import { saleParts } from '../../../src/shared/payment/payment-parts';
import { qrMatrix, qrPath } from '../../../src/shared/payment/qr';

describe('the UPI link a QR carries', () => {
  it('is the upi://pay link with every value percent-encoded, in the order UPI apps read', () => {
    expect(
      upiUri({
        vpa: 'sharma.mobiles@icici',
        payee: 'Sharma Mobile & Recharge',
        amount: 19_900,
        saleRef: 'S7K2M9Q4X1AB',
        note: 'Recharge 3210',
      }),
    ).toBe('upi://pay?pa=sharma.mobiles%40icici&pn=Sharma%20Mobile%20%26%20Recharge&am=199.00&cu=INR&tr=S7K2M9Q4X1AB&tn=Recharge%203210');
  });

  it('encodes Hindi names and the marks encodeURIComponent leaves bare', () => {
    expect(upiUri({ vpa: 'ab@ybl', payee: "शर्मा's", amount: 5, saleRef: 'SAAAAAAAAAAA', note: "it's *ok* (1)!" })).toBe(
      'upi://pay?pa=ab%40ybl&pn=%E0%A4%B6%E0%A4%B0%E0%A5%8D%E0%A4%AE%E0%A4%BE%27s&am=0.05&cu=INR&tr=SAAAAAAAAAAA&tn=it%27s%20%2Aok%2A%20%281%29%21',
    );
  });

  it('writes the amount in rupees with two decimals, never through floating point', () => {
    const am = (amount: number) => new URL(upiUri({ vpa: 'a.b@axis', payee: 'A', amount, saleRef: 'S1234567890A', note: '' })).search;
    expect(am(1)).toContain('am=0.01&');
    expect(am(100_000_000)).toContain('am=1000000.00&');
    expect(am(1_999)).toContain('am=19.99&');
  });

  it('refuses a negative or zero amount, a malformed ID or reference', () => {
    const base = { vpa: 'shop@hdfcbank', payee: 'Shop', amount: 100, saleRef: 'S1234567890A', note: '' };
    expect(() => upiUri({ ...base, amount: -100 })).toThrow();
    expect(() => upiUri({ ...base, amount: 0 })).toThrow();
    expect(() => upiUri({ ...base, vpa: 'shop hdfc' })).toThrow();
    expect(() => upiUri({ ...base, saleRef: 'x&am=1' })).toThrow();
  });
});

describe('the shop’s UPI ID', () => {
  it('takes name@handle and nothing else', () => {
    for (const ok of ['sharma.mobiles@icici', 'shop-12_a@okaxis', '9876543210@ybl']) expect(vpaSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', 'shop', '@icici', 'a@', 'shop@ici ci', 'sh op@icici', 'shop@icici@x', 'shop@12', 'x@icici'])
      expect(vpaSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('may be left empty (UPI not offered), but not half-typed', () => {
    expect(upiSettingsSchema.parse({})).toEqual({ vpa: '', payee: '' });
    expect(upiSettingsSchema.safeParse({ vpa: 'shop@', payee: 'Shop' }).success).toBe(false);
  });

  it('warns of an ID that looks like a person’s: a mobile number, or a consumer app’s handle', () => {
    expect(looksPersonal('9876543210@ybl')).toBe(true);
    expect(looksPersonal('9876543210@icici')).toBe(true);
    expect(looksPersonal('ramesh@okhdfcbank')).toBe(true);
    expect(looksPersonal('sharmamobiles@icici')).toBe(false);
    expect(looksPersonal('shop.1234@hdfcbank')).toBe(false);
  });

  it('makes sale references of the shape the link takes', () => {
    expect(newSaleRef(new Uint8Array(11).fill(255))).toMatch(/^S[0-9A-Z]{11}$/);
  });
});

describe('the parts of a payment', () => {
  it('puts all of it in one part, or splits cash and UPI', () => {
    expect(saleParts({ method: 'cash' }, 19_900)).toEqual({ cash: 19_900, upi: 0, credit: 0 });
    expect(saleParts({ method: 'upi' }, 19_900)).toEqual({ cash: 0, upi: 19_900, credit: 0 });
    expect(saleParts({ method: 'credit' }, 19_900)).toEqual({ cash: 0, upi: 0, credit: 19_900 });
    expect(saleParts({ method: 'split', cashRupees: 100 }, 19_900)).toEqual({ cash: 10_000, upi: 9_900, credit: 0 });
  });

  it('refuses a negative cash part or a reference that is not ours, at the IPC boundary', () => {
    expect(paymentRequestSchema.safeParse({ method: 'split', cashRupees: -5 }).success).toBe(false);
    expect(paymentRequestSchema.safeParse({ method: 'upi', saleRef: 'x&am=1' }).success).toBe(false);
    expect(paymentRequestSchema.safeParse({ method: 'gold' }).success).toBe(false);
  });

  it('refuses a split with no cash, or all of it in cash', () => {
    expect(saleParts({ method: 'split', cashRupees: 0 }, 19_900)).toBe('split_parts');
    expect(saleParts({ method: 'split', cashRupees: 199 }, 19_900)).toBe('split_parts');
    expect(saleParts({ method: 'split' }, 19_900)).toBe('split_parts');
  });
});

describe('the QR', () => {
  it('is a QR matrix of a size a phone reads, drawn as one SVG path', () => {
    const m = qrMatrix('upi://pay?pa=a%40b&pn=A&am=1.00&cu=INR&tr=S1234567890A&tn=');
    expect(m.size % 4).toBe(1);
    expect(m.dark.length).toBe(m.size * m.size);
    // The finder pattern's top row: 7 dark modules from the corner, inside the quiet zone of 4.
    expect(qrPath(m)).toMatch(/^M4 4h7v1h-7z/);
  });
});
