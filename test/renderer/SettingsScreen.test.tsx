import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SettingsScreen } from '../../src/renderer/features/settings/SettingsScreen';
import { createI18n } from '../../src/renderer/i18n/setup';
import { useSettingsStore } from '../../src/renderer/stores/settings-store';
import { useLockStore } from '../../src/renderer/stores/lock-store';
import { SETTING_LIMITS } from '../../src/shared/field-limits';
import { settingsSchema } from '../../src/shared/settings-schema';
import type { ResponseOf } from '../../src/shared/ipc/contract';
import { fakeDesk } from './fake-desk';
import { V1_CREDENTIALS } from '../../src/shared/profiles/profile-upgrade';

const settings = settingsSchema.parse({ version: 1, installPrefix: 'AB12' });
const auth: ResponseOf<'auth:status'> = {
  mode: 'demo',
  configured: false,
  token: 'none',
  username: '',
  baseUrl: '',
  backend: 'test',
  weak: false,
  weakAccepted: false,
  callbackUrl: null,
  fields: [...V1_CREDENTIALS],
  values: {},
  needsAddress: true,
  dropped: null,
  shopValues: [],
  shop: {},
  shopSetAside: [],
};

function renderSettings() {
  // The owner, with a PIN set: every owner control shows, unlocked.
  const status: ResponseOf<'lock:status'> = {
    pinSet: true,
    role: 'owner',
    person: { id: 0, name: '', role: 'owner' },
    people: [],
    idleMinutes: 10,
    waitSeconds: 0,
    failures: 0,
    reset: 'file',
    pinFile: '/pin',
  };
  useLockStore.setState({ status });
  const fake = fakeDesk({
    'settings:get': () => ({ ok: true, data: settings }),
    'auth:status': () => ({ ok: true, data: auth }),
    'settings:update': () => ({ ok: true, data: settings }),
  });
  const i18n = createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <SettingsScreen desk={fake.desk} onModeChanged={() => {}} />
    </I18nextProvider>,
  );
  return { fake, i18n };
}

afterEach(() => {
  cleanup();
  useLockStore.setState({ status: null });
  useSettingsStore.setState({ settings: null, auth: null, error: null, saved: false });
});

// Each number field of the screen and the limit it must tell (the schema's own, SETTING_LIMITS).
const FIELDS: [id: string, limits: { min: number; max: number }][] = [
  ['idle', SETTING_LIMITS.idleMinutes],
  ['dup-owner', SETTING_LIMITS.duplicateOverrideRupees],
  ['dup', SETTING_LIMITS.duplicateWindowMinutes],
  ['unusual', SETTING_LIMITS.unusualAmountTimes],
  ['low', SETTING_LIMITS.lowBalanceRupees],
  ['first', SETTING_LIMITS.firstCheckSeconds],
  ['interval', SETTING_LIMITS.maxIntervalMinutes],
  ['age', SETTING_LIMITS.maxOpenHours],
  ['cb-port', SETTING_LIMITS.callbackPort],
];

describe('Settings screen limits', () => {
  it('takes each number within the settings schema’s range and no further', async () => {
    renderSettings();
    await screen.findByRole('heading', { name: 'Settings' });
    for (const [id, { min, max }] of FIELDS) {
      const input = document.getElementById(id) as HTMLInputElement;
      expect(input, id).toBeTruthy();
      fireEvent.change(input, { target: { value: String(max + 1) } });
      expect(input.getAttribute('aria-invalid'), id).toBe('true');
      expect(document.getElementById(`${id}-problem`)?.textContent, id).toBe(`Enter a whole number from ${min} to ${max}.`);
      for (const ok of [min, max]) {
        fireEvent.change(input, { target: { value: String(ok) } });
        expect(input.getAttribute('aria-invalid'), `${id} ${ok}`).toBe('false');
      }
      if (min > 0) {
        fireEvent.change(input, { target: { value: String(min - 1) } });
        expect(input.getAttribute('aria-invalid'), id).toBe('true');
      }
    }
  });
});

describe('Settings screen language', () => {
  it('is the one language picker: the screen changes at once and the choice is saved', async () => {
    const { fake, i18n } = renderSettings();
    const picker = (await screen.findByLabelText('Language')) as HTMLSelectElement;
    expect(picker.id).toBe('settings-language');
    expect(picker.value).toBe('en');
    expect([...picker.options].map((o) => [o.value, o.text])).toEqual([
      ['en', 'English'],
      ['hi', 'हिन्दी'],
    ]);
    fireEvent.change(picker, { target: { value: 'hi' } });
    expect(i18n.language).toBe('hi');
    await waitFor(() => expect(fake.calls).toContainEqual({ channel: 'settings:update', request: { language: 'hi' } }));
    expect(((await screen.findByLabelText('भाषा')) as HTMLSelectElement).value).toBe('hi');
  });
});
