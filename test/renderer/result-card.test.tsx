import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ResultCard } from '../../src/renderer/features/recharge/ResultCard';
import { createI18n } from '../../src/renderer/i18n/setup';
import { useSettingsStore } from '../../src/renderer/stores/settings-store';
import { settingsSchema } from '../../src/shared/settings-schema';
import { fakeDesk, txn } from './fake-desk';

afterEach(() => useSettingsStore.setState({ settings: null }));

function showCard() {
  const fake = fakeDesk({});
  const answer = { outcome: 'success' as const, txn: txn({ status: 'Success', margin: 725 }) };
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <ResultCard answer={answer} onNext={() => {}} desk={fake.desk} />
    </I18nextProvider>,
  );
}

describe('the result card the customer can see', () => {
  it('shows no commission unless the shopkeeper turned it on', () => {
    useSettingsStore.setState({ settings: settingsSchema.parse({ version: 1, installPrefix: 'TEST' }) });
    const card = showCard();
    expect(screen.queryByText('Commission')).toBeNull();
    expect(card.container.textContent).not.toContain('₹7.25');
    card.unmount();

    useSettingsStore.setState({ settings: settingsSchema.parse({ version: 1, installPrefix: 'TEST', shop: { showCommission: true } }) });
    showCard();
    expect(screen.getByText('Commission')).toBeTruthy();
    expect(screen.getByText('₹7.25')).toBeTruthy();
  });

  it('shows none while the settings are not known yet', () => {
    showCard();
    expect(screen.queryByText('Commission')).toBeNull();
  });
});
