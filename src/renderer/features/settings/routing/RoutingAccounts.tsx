import { useTranslation } from 'react-i18next';
import type { RoutingRules } from '../../../../shared/routing/routing-schema';
import type { RoutingView } from '../../../../shared/ipc/routing-schemas';
import { FIRST_ACCOUNT_ID } from '../../../../shared/routing/single-account';
import { MAX_ACCOUNTS } from '../../../../shared/routing/routing-limits';
import { AccountCredentialFields } from './AccountCredentialFields';
import { addAccount, changeAccount, removeAccount } from './routing-draft';

type Account = RoutingRules['accounts'][number];

interface Props {
  draft: RoutingRules;
  view: RoutingView;
  profiles: readonly { id: string; name: string }[];
  busy: boolean;
  onDraft: (rules: RoutingRules) => void;
  onToken: (account: Account, secrets: Record<string, string>) => Promise<boolean>;
  onResume: (account: Account) => void;
}

/** Each provider account: its name, where it is (profile, address), the credentials its profile declares and its pause. */
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
  const first = a.id === FIRST_ACCOUNT_ID;
  const saved = view.state === 'saved' && view.rules.accounts.some((s) => s.id === a.id);
  const tokenState = view.tokens[a.id] ?? 'none';
  const pausedBy = view.pausedBy[a.id];
  const savedAccount = view.rules.accounts.find((s) => s.id === a.id);
  const savedPaused = savedAccount?.paused === true;
  const savedProfile = savedAccount?.profile;
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
            <AccountCredentialFields
              account={a}
              card={saved && savedProfile === a.profile ? view.accounts[a.id] : undefined}
              tokenState={tokenState}
              busy={busy}
              onChange={change}
              onSecrets={(secrets) => onToken(a, secrets)}
            />
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
