import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { DaySummaryShare } from '../../src/renderer/features/reports/DaySummaryShare';
import { createI18n } from '../../src/renderer/i18n/setup';
import type { Report } from '../../src/shared/report-schemas';
import type { ResponseOf } from '../../src/shared/ipc/contract';
import { fakeDesk } from './fake-desk';

afterEach(cleanup);

const none = { count: 0, amount: 0 };
const report: Report = {
  from: '2026-11-28',
  to: '2026-11-28',
  totals: { count: 1, amount: 23_900, success: { count: 1, amount: 23_900 }, margin: 500, refunded: none, failed: none, open: none },
  byStatus: [],
  byOperator: [],
  daily: [],
  payments: [],
  unreadable: 0,
  byAccount: [],
};

// Staff on a day not yet counted: main withholds its money (issue 38). The screen offers no
// button then; this is the moment between the owner's lock and the screen's reload, which only a
// stand-in can hold still.
const withheld: ResponseOf<'dayclose:get'> = {
  date: '2026-11-28',
  expected: null,
  success: { count: 1, amount: null },
  refunded: none,
  failed: none,
  open: none,
  money: null,
  toGiveBack: none,
  upiWaiting: none,
  upiAsked: false,
  closes: [],
  byAccount: [],
};

describe("the day's summary when main withholds the day's money", () => {
  it('says to count the day first and shows no amount, no text to send', async () => {
    const fake = fakeDesk({
      'dayclose:get': () => ({ ok: true, data: withheld }),
      'settings:get': () => ({ ok: false, error: { code: 'unknown_channel', params: { channel: 'settings:get' } } }),
    });
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <DaySummaryShare desk={fake.desk} report={report} wallet={null} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share the day’s summary' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Count the cash in the drawer for 28\/11\/2026/));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain('₹');
    expect(fake.calls.some((c) => c.channel === 'clipboard:write')).toBe(false);
  });
});
