import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoutingRules } from '../../../../shared/routing/routing-schema';
import type { RoutingView } from '../../../../shared/ipc/routing-schemas';
import { FIRST_ACCOUNT_ID } from '../../../../shared/routing/single-account';
import { MAX_ACCOUNTS } from '../../../../shared/routing/routing-limits';
import { SecretInput } from '../../../components/SecretInput';
import { addAccount, changeAccount, removeAccount } from './routing-draft';

type Account = RoutingRules['accounts'][number];

interface Props {
  draft: RoutingRules;
  view: RoutingView;
  profiles: readonly { id: string; name: string }[];
  busy: boolean;
  onDraft: (rules: RoutingRules) => void;
  onToken: (account: Account, token: string) => Promise<boolean>;
  onResume: (account: Account) => void;
}

/** Each provider account: its name, where it is (profile, address, username), its token and its pause. */
export function RoutingAccounts({ draft, view, profiles, busy, onDraft, onToken, onResume }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="routing-accounts">
      <legend>{t('routing.accounts')}</legend>
      {draft.accounts.map((a) => (
        <AccountFields key={a.id} account={a} {...{ draft, view, profiles, busy, onDraft, onToken, onResume }} />
      ))}
      {draft.accounts.length < MAX_ACCOUNTS && (
        <div className="details-actions">
          <button
            type="button"
            className="button-secondary"
            onClick={() => onDraft(addAccount(draft, (n) => t('routing.newAccount', { n })))}
          >
            {t('routing.addAccount')}
          </button>
        </div>
      )}
    </fieldset>
  );
}

function AccountFields({ account: a, draft, view, profiles, busy, onDraft, onToken, onResume }: Props & { account: Account }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const first = a.id === FIRST_ACCOUNT_ID;
  const saved = view.state === 'saved' && view.rules.accounts.some((s) => s.id === a.id);
  const tokenState = view.tokens[a.id] ?? 'none';
  const pausedBy = view.pausedBy[a.id];
  const savedPaused = view.rules.accounts.find((s) => s.id === a.id)?.paused === true;
  const change = (c: Partial<Account>) => onDraft(changeAccount(draft, a.id, c));
  const id = (what: string) => `routing-${a.id}-${what}`;
  return (
    <fieldset className="routing-account" aria-labelledby={id('legend')}>
      <legend id={id('legend')} translate="no">
        {a.name}
      </legend>
      <div className="routing-account-fields">
        <label className="filter" htmlFor={id('name')}>
          <span>{t('routing.name')}</span>
          <input id={id('name')} translate="no" value={a.name} maxLength={40} onChange={(e) => change({ name: e.target.value })} />
        </label>
        {first ? (
          <p className="field-hint">{t('routing.asAbove')}</p>
        ) : (
          <>
            <label className="filter" htmlFor={id('profile')}>
              <span>{t('routing.profile')}</span>
              <select id={id('profile')} value={a.profile} onChange={(e) => change({ profile: e.target.value })}>
                {profiles.map((p) => (
                  <option key={p.id} value={p.id} translate="no">
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="filter" htmlFor={id('url')}>
              <span>{t('routing.address')}</span>
              <input id={id('url')} translate="no" value={a.baseUrl} onChange={(e) => change({ baseUrl: e.target.value })} />
            </label>
            <label className="filter" htmlFor={id('user')}>
              <span>{t('routing.username')}</span>
              <input
                id={id('user')}
                inputMode="numeric"
                translate="no"
                value={a.username}
                onChange={(e) => change({ username: e.target.value })}
              />
            </label>
            <div className="filter routing-token-field">
              <label htmlFor={id('token')}>{t('routing.token')}</label>
              <div className="routing-token">
                <SecretInput id={id('token')} value={token} disabled={!saved} onChange={setToken} aria-describedby={id('token-state')} />
                <button
                  type="button"
                  className="button-secondary"
                  disabled={!saved || busy || token.trim().length < 8}
                  onClick={() => void onToken(a, token).then((ok) => ok && setToken(''))}
                >
                  {t('routing.saveToken')}
                </button>
              </div>
              <span id={id('token-state')} className="field-hint">
                {saved
                  ? t(
                      tokenState === 'saved'
                        ? 'routing.tokenSaved'
                        : tokenState === 'unreadable'
                          ? 'routing.tokenUnreadable'
                          : 'routing.tokenNone',
                    )
                  : t('routing.tokenFirstSave')}
              </span>
            </div>
          </>
        )}
      </div>
      {pausedBy && <p className="test-bad">{t(pausedBy === 'failures' ? 'routing.pausedFailures' : 'routing.pausedBalance')}</p>}
      <div className="details-actions">
        <label className="chip">
          <input type="checkbox" checked={a.paused} onChange={(e) => change({ paused: e.target.checked })} /> {t('routing.paused')}
        </label>
        <button
          type="button"
          className="button-secondary"
          disabled={!saved || busy || (!pausedBy && !savedPaused)}
          title={t('routing.resumeHint')}
          onClick={() => onResume(a)}
        >
          {t('routing.resume')}
        </button>
        {!first && (
          <button
            type="button"
            className="button-quiet"
            aria-describedby={id('legend')}
            onClick={() => onDraft(removeAccount(draft, a.id))}
          >
            {t('routing.remove')}
          </button>
        )}
      </div>
    </fieldset>
  );
}
