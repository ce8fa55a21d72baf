import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { PracticeNumbers } from '../../src/renderer/features/practice/PracticeNumbers';
import { createI18n } from '../../src/renderer/i18n/setup';
import { fakeDesk } from './fake-desk';

describe('demo mode shows its practice numbers', () => {
  it('lists each ending with what it does, in English and in Hindi', async () => {
    const numbers = [
      { ending: '2222', plays: 'pending-failure' as const },
      { ending: '3333', plays: 'success-refund' as const },
    ];
    const fake = fakeDesk({ 'app:practice': () => ({ ok: true, data: { numbers } }) });
    const en = render(
      <I18nextProvider i18n={createI18n('en')}>
        <PracticeNumbers desk={fake.desk} />
      </I18nextProvider>,
    );
    await screen.findByText('…2222');
    expect(en.container.textContent).toContain('is pending, then fails (give the money back)');
    expect(en.container.textContent).toContain('succeeds, then the provider reverses it');
    en.unmount();
    const hi = render(
      <I18nextProvider i18n={createI18n('hi')}>
        <PracticeNumbers desk={fake.desk} />
      </I18nextProvider>,
    );
    await screen.findByText('…3333');
    expect(hi.container.textContent).toContain('सफल होता है, फिर प्रोवाइडर उसे पलट देता है');
  });

  it('shows nothing in live mode, where there are none', async () => {
    const fake = fakeDesk({ 'app:practice': () => ({ ok: true, data: { numbers: [] } }) });
    const view = render(
      <I18nextProvider i18n={createI18n('en')}>
        <PracticeNumbers desk={fake.desk} />
      </I18nextProvider>,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(view.container.textContent).toBe('');
  });
});
