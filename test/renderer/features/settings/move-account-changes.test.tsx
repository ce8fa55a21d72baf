import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MoveAccountChanges } from '../../../../src/renderer/features/settings/MoveAccountChanges';
import { moveAccountRows } from '../../../../src/renderer/features/settings/move-account-rows';
import { createI18n } from '../../../../src/renderer/i18n/setup';
import type { Language } from '../../../../src/shared/language';
import { outcomeSchema, type OutcomeParams } from '../../../../src/shared/outcomes/outcome-registry';

afterEach(cleanup);

// What a move file exported on another shop's PC answers (move_account_confirm), as it comes over IPC.
const asked: OutcomeParams<'move_account_confirm'> = {
  baseUrl: 'https://other-shop.example',
  username: '9000000009',
  currentBaseUrl: 'https://our-provider.example',
  currentUsername: '9000000001',
  profile: 'hash-text',
  currentProfile: 'document',
  routing: [
    { account: 'Spare Provider', what: 'address', before: 'https://spare.example', after: 'https://attacker.example' },
    { account: 'Night Provider', what: 'added', before: '', after: 'document https://night.example 9000000003' },
    { account: 'Old Provider', what: 'removed', before: 'https://old.example', after: '' },
    { account: '', what: 'routes', before: 'off', after: 'on' },
  ],
};

function rowsOn(params: OutcomeParams<'move_account_confirm'>, language: Language = 'en'): string[][] {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MoveAccountChanges rows={moveAccountRows(params)} />
    </I18nextProvider>,
  );
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

describe('a move file’s account changes, side by side', () => {
  it('one row per change: this computer’s value beside the file’s, and only what differs of Settings’ account', () => {
    expect(rowsOn(asked)).toEqual([
      ['Account', 'What changes', 'On this computer now', 'In the file'],
      ['Main account', 'Address', 'https://our-provider.example', 'https://other-shop.example'],
      ['Main account', 'Username', '9000000001', '9000000009'],
      ['Main account', 'Profile', 'document', 'hash-text'],
      ['Spare Provider', 'Address', 'https://spare.example', 'https://attacker.example'],
      ['Night Provider', 'Account added', '', 'document https://night.example 9000000003'],
      ['Old Provider', 'Account removed', 'https://old.example', ''],
      ['Routing', 'Routes change', 'Routing off', 'Routing on'],
    ]);
    expect(screen.getByRole('alert').textContent).toContain('Nothing was changed yet');
  });

  it('Settings’ account has no row when the file keeps it, and the values stay in Latin on a Hindi screen', () => {
    const same = {
      baseUrl: asked.currentBaseUrl,
      username: '9000000001',
      currentBaseUrl: asked.currentBaseUrl,
      currentUsername: '9000000001',
      routing: asked.routing!.slice(0, 1),
    };
    expect(rowsOn(same, 'hi')).toEqual([
      ['खाता', 'क्या बदलेगा', 'अभी इस कंप्यूटर पर', 'फ़ाइल में'],
      ['Spare Provider', 'पता', 'https://spare.example', 'https://attacker.example'],
    ]);
    const latin = screen.getByText('https://attacker.example');
    expect(latin.closest('[translate="no"]')).not.toBeNull();
    expect(screen.getByText('Spare Provider').closest('[translate="no"]')).not.toBeNull();
  });

  it('parameters not of the registry’s shape never reach the table: the answer is refused where every answer is read', () => {
    const bad = (params: object) => outcomeSchema.safeParse({ code: 'move_account_confirm', params }).success;
    expect(bad(asked)).toBe(true);
    expect(bad({ ...asked, routing: [{ account: 'x', what: 'host', before: 'a', after: 'b' }] })).toBe(false);
    expect(bad({ ...asked, username: 42 })).toBe(false);
  });
});
