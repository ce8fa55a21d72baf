import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ComplaintsScreen } from '../../src/renderer/features/complaints/ComplaintsScreen';
import { createI18n } from '../../src/renderer/i18n/setup';
import { fakeDesk, txn } from './fake-desk';

describe('the complaints screen follows the money', () => {
  it('"Provider owes you" becomes "came back" when the refund lands, with no reload', async () => {
    const owed = txn({ refId: 'REF1', number: '9876546666', amount: 29_900, status: 'Success' });
    let refunded = false;
    const fake = fakeDesk({
      'complaint:list': () => ({
        ok: true,
        data: {
          items: [
            {
              complainId: 'CM1',
              refId: 'REF1',
              txnId: 'RT1',
              reason: 'Recharge not received',
              message: '',
              createdAt: Date.now(),
              state: refunded ? 'refunded' : 'raised',
              settledAt: refunded ? Date.now() : null,
              txn: refunded ? { ...owed, status: 'Refunded' } : owed,
            },
          ],
        },
      }),
    });
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <ComplaintsScreen desk={fake.desk} />
      </I18nextProvider>,
    );
    await screen.findByText('Provider owes you ₹299.00');
    // Another recharge changing asks nothing again.
    fake.emit('txn:updated', { txn: txn({ refId: 'OTHER', status: 'Success' }) });
    expect(fake.calls.filter((c) => c.channel === 'complaint:list')).toHaveLength(1);

    refunded = true;
    fake.emit('txn:updated', { txn: { ...owed, status: 'Refunded' } });
    await screen.findByText('₹299.00 came back');
    expect(screen.queryByText('Provider owes you ₹299.00')).toBeNull();
  });
});
