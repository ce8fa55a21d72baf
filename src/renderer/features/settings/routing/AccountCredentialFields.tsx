import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoutingRules } from '../../../../shared/routing/routing-schema';
import type { RoutingView } from '../../../../shared/ipc/routing-schemas';
import { SecretInput } from '../../../components/SecretInput';
import { asLanguage } from '../../../../shared/language';
import { chosenShopValues } from '../../../../shared/profiles/chosen-shop-values';
import { ShopValueFields } from '../ShopValueFields';

type Account = RoutingRules['accounts'][number];
type Card = RoutingView['accounts'][string];

interface Props {
  account: Account;
  /** What the saved account's profile declares; absent until the rules with this profile are saved. */
  card: Card | undefined;
  tokenState: 'none' | 'saved' | 'unreadable';
  busy: boolean;
  onChange: (c: Partial<Account>) => void;
  onSecrets: (secrets: Record<string, string>) => Promise<boolean>;
}

/**
 * One routing account's credentials as its own profile declares them, labelled in the screen's
 * language: its plain ones kept in the rules, its secrets write-only, saved to its vault once the
 * owner has seen where they will be sent (every host of its profile at this account's address).
 */
export function AccountCredentialFields({ account: a, card, tokenState, busy, onChange, onSecrets }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [hostsSeen, setHostsSeen] = useState(false);
  const id = (what: string) => `routing-${a.id}-${what}`;
  const plain = card?.fields.filter((f) => !f.secret) ?? null;
  const secrets = card?.fields.filter((f) => f.secret) ?? [];
  const complete = secrets.length > 0 && secrets.every((f) => (typed[f.name] ?? '').trim().length >= f.minLength);
  const stateKey =
    tokenState === 'saved' ? 'routing.tokenSaved' : tokenState === 'unreadable' ? 'routing.tokenUnreadable' : 'routing.tokenNone';
  return (
    <>
      {(plain ?? [null]).map((f, i) => {
        const value = i === 0 ? a.username : (a.values?.[f?.name ?? ''] ?? '');
        const set = (v: string) => (i === 0 ? onChange({ username: v }) : onChange({ values: { ...a.values, [f?.name ?? '']: v } }));
        const fieldId = i === 0 ? id('user') : id(`value-${f?.name ?? ''}`);
        return (
          <label key={fieldId} className="filter" htmlFor={fieldId}>
            <span>{f ? f.label[lang] : t('routing.username')}</span>
            <input id={fieldId} translate="no" value={value} onChange={(e) => set(e.target.value)} />
          </label>
        );
      })}
      {card && (
        <ShopValueFields
          specs={card.shopValues}
          chosen={a.shop}
          setAside={card.shopSetAside}
          idPrefix={id('value')}
          compact
          onChange={(name, value) => onChange({ shop: { ...chosenShopValues(card.shopValues, a.shop).values, [name]: value } })}
        />
      )}
      {card ? (
        <div className="filter routing-token-field">
          {secrets.map((f) => (
            <label key={f.name} className="filter" htmlFor={id(`secret-${f.name}`)}>
              <span>{f.label[lang]}</span>
              <SecretInput
                id={id(`secret-${f.name}`)}
                value={typed[f.name] ?? ''}
                onChange={(v) => setTyped((x) => ({ ...x, [f.name]: v }))}
                aria-describedby={id('token-state')}
              />
            </label>
          ))}
          <p className="field-hint" id={id('hosts')}>
            {t('routing.sentTo')}{' '}
            {card.hosts.map((h) => (
              <span key={h.label.en} translate="no">
                {h.label[lang]}: {h.address || t('routing.noAddress')}{' '}
              </span>
            ))}
          </p>
          <label className="chip">
            <input id={id('hosts-ok')} type="checkbox" checked={hostsSeen} onChange={(e) => setHostsSeen(e.target.checked)} />{' '}
            {t('routing.hostsConfirm')}
          </label>
          <button
            type="button"
            className="button-secondary"
            disabled={busy || !complete || !hostsSeen}
            onClick={() => void onSecrets(typed).then((ok) => ok && (setTyped({}), setHostsSeen(false)))}
          >
            {t('routing.saveToken')}
          </button>
          <span id={id('token-state')} className="field-hint">
            {t(stateKey)}
          </span>
        </div>
      ) : (
        <p className="field-hint">{t('routing.tokenFirstSave')}</p>
      )}
    </>
  );
}
