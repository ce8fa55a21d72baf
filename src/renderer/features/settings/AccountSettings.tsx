import type { IpcError } from '../../../shared/result';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { Field } from '../../components/Field';
import { outcomeText } from '../../../shared/words/outcome-text';
import { Money } from '../../components/Money';
import { useSettingsStore } from '../../stores/settings-store';
import { errorText } from '../../i18n/setup';
import { SecretInput } from '../../components/SecretInput';
import { asLanguage } from '../../../shared/language';
import { chosenShopValues } from '../../../shared/profiles/chosen-shop-values';
import { ShopValueFields } from './ShopValueFields';

// A test the app itself could not run (bad input) is told apart from what the provider said.
type TestResult = ResponseOf<'auth:test'> | { ok: false; reason: 'app'; error: IpcError };

/** Where the account's name goes in a sentence: the name is the provider's (a member id), never translated. */
const NAME = '\u2063';
const named = (text: string, name: string) =>
  text.split(NAME).flatMap((part, i) =>
    i === 0
      ? [part]
      : [
          <span key={i} translate="no">
            {name}
          </span>,
          part,
        ],
  );

type Credential = ResponseOf<'auth:status'>['fields'][number];

/** The shop values as saved: the ones sent, with each set-aside value in its place so it is named. */
const savedShop = (auth: ResponseOf<'auth:status'> | null): Record<string, string> => ({
  ...auth?.shop,
  ...Object.fromEntries((auth?.shopSetAside ?? []).map((a) => [a.name, a.saved])),
});

/** Version 1's two fields keep the ids and hints they always had; any other field is named for itself. */
const idOf = (f: Credential) =>
  f.name === 'username' ? 'settings-user' : f.name === 'token' ? 'settings-token' : `settings-cred-${f.name}`;

/**
 * The live account: the address (when the profile's hosts need one) and exactly the credentials
 * its profile declares, each labelled in the screen's language, secrets write-only.
 */
export function AccountSettings({ desk, onModeChanged }: { desk: DeskApi; onModeChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { auth, settings, saveAccount, clearAccount } = useSettingsStore();
  const [baseUrl, setBaseUrl] = useState(auth?.baseUrl ?? '');
  const [typed, setTyped] = useState<Record<string, string>>(auth?.values ?? {});
  // The saved choices as main reads them (a value the profile does not offer stays, to be named).
  const [shop, setShop] = useState<Record<string, string>>(() => savedShop(auth));
  const [test, setTest] = useState<TestResult | null>(null);
  const [busy, setBusy] = useState(false);
  if (!auth || !settings) return null;
  // The screen's language, as every other word on it: the saved setting follows a save later.
  const lang = asLanguage(i18n.language);
  const plainChanged = auth.fields.some((f) => !f.secret && (typed[f.name] ?? '').trim() !== (auth.values[f.name] ?? ''));
  // The saved secrets are only ever sent to the address and account they were saved with.
  const repointed = auth.configured && (baseUrl.trim() !== auth.baseUrl || plainChanged);
  const credentials = Object.fromEntries(Object.entries(typed).filter(([, v]) => v.trim() !== ''));
  // Every shop value the profile declares, as shown: the default, where none was chosen.
  const chosen = auth.shopValues.length > 0 ? { shop: chosenShopValues(auth.shopValues, shop).values } : {};
  const entered = { baseUrl: auth.needsAddress ? baseUrl.trim() || undefined : undefined, credentials, ...chosen };
  const runTest = async () => {
    setBusy(true);
    const r = await desk.auth.test(entered);
    setTest(r.ok ? r.data : { ok: false, reason: 'app', error: r.error });
    setBusy(false);
  };
  const save = async () => {
    setBusy(true);
    if (await saveAccount(desk, { baseUrl, credentials, ...chosen })) {
      setTyped((v) => Object.fromEntries(Object.entries(v).filter(([name]) => !auth.fields.some((f) => f.secret && f.name === name))));
      onModeChanged();
    }
    setBusy(false);
  };
  const shape = (f: Credential) =>
    t('settings.credentialShape', {
      length:
        f.minLength === f.maxLength
          ? t('settings.lengthExact', { count: f.minLength })
          : t('settings.lengthRange', { min: f.minLength, max: f.maxLength }),
      chars: t(`settings.chars.${f.chars}`),
    });
  const hintOf = (f: Credential) => {
    if (f.secret && (typed[f.name] ?? '') === '' && repointed)
      return f.name === 'token' ? t('settings.tokenAgain') : t('settings.secretAgain');
    if (f.secret && auth.configured) return f.name === 'token' ? t('settings.tokenKept') : t('settings.secretKept');
    if (f.hint) return f.hint[lang];
    // "Your registered mobile number" only where the field is one (the built-in profiles'); a provider's member id says its own shape.
    if (f.name === 'username' && f.chars === 'digits' && f.minLength === 10 && f.maxLength === 10) return t('settings.usernameHint');
    if (f.name === 'token') return t('settings.tokenHint');
    return shape(f);
  };
  const set = (name: string) => (value: string) => setTyped((v) => ({ ...v, [name]: value }));
  return (
    <section className="settings-card" aria-labelledby="account-title">
      <h3 id="account-title">{t('settings.account')}</h3>
      {auth.dropped && (
        <div role="alert" className="warning">
          <p>
            <span aria-hidden="true">⚠ </span>
            {outcomeText(lang, { code: 'credentials_host_changed', params: { host: auth.dropped } })}
          </p>
        </div>
      )}
      {auth.mode === 'live' && auth.token !== 'saved' ? (
        !auth.dropped && (
          <div role="alert" className="warning">
            <p>
              <span aria-hidden="true">⚠ </span>
              {named(
                t(auth.token === 'unreadable' ? 'settings.tokenUnreadable' : 'settings.tokenMissing', { username: NAME }),
                auth.username,
              )}
            </p>
          </div>
        )
      ) : (
        <p className="field-hint">
          {auth.configured ? named(t('settings.accountSaved', { username: NAME }), auth.username) : t('settings.accountNone')}
        </p>
      )}
      {auth.weak && (
        <div role="alert" className="warning">
          <p>
            <span aria-hidden="true">⚠ </span>
            {t('settings.weak')}{' '}
            <span className="mono" translate="no">
              ({auth.backend})
            </span>
          </p>
          <p>{auth.weakAccepted ? t('settings.weakAccepted') : t('settings.weakAsk')}</p>
        </div>
      )}
      {auth.needsAddress && (
        <Field id="settings-url" label={t('settings.baseUrl')} hint={t('settings.baseUrlHint')}>
          <input
            id="settings-url"
            className="input-text"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            placeholder="https://"
            aria-describedby="settings-url-hint"
          />
        </Field>
      )}
      {auth.fields.map((f) => (
        <Field key={f.name} id={idOf(f)} label={f.label[lang]} hint={hintOf(f)}>
          {f.secret ? (
            <SecretInput
              id={idOf(f)}
              className="input-text"
              value={typed[f.name] ?? ''}
              onChange={set(f.name)}
              placeholder={auth.configured ? '••••••••' : ''}
              aria-describedby={`${idOf(f)}-hint`}
            />
          ) : (
            <input
              id={idOf(f)}
              className="input-text"
              inputMode={f.chars === 'digits' ? 'numeric' : 'text'}
              value={typed[f.name] ?? ''}
              onChange={(e) => set(f.name)(e.target.value)}
              aria-describedby={`${idOf(f)}-hint`}
            />
          )}
        </Field>
      ))}
      <ShopValueFields
        specs={auth.shopValues}
        chosen={shop}
        setAside={auth.shopSetAside}
        idPrefix="settings"
        onChange={(name, value) => setShop((s) => ({ ...s, [name]: value }))}
      />
      <div className="details-actions">
        <button type="button" className="button-secondary" onClick={() => void runTest()} disabled={busy}>
          {t('settings.test')}
        </button>
        <button type="button" className="button-primary" onClick={() => void save()} disabled={busy}>
          {t('settings.saveAccount')}
        </button>
        {auth.configured && (
          <button type="button" className="button-quiet" onClick={() => void clearAccount(desk).then(onModeChanged)}>
            {t('settings.removeAccount')}
          </button>
        )}
      </div>
      {test && (
        <p role="status" className={test.ok ? 'test-ok' : 'test-bad'}>
          <span aria-hidden="true">{test.ok ? '✓ ' : '✕ '}</span>
          {test.ok ? (
            <>
              {t('settings.testOk')} <Money value={test.buyer} />
            </>
          ) : // Said by reason, in the screen's language; the provider's own words follow, as it sent them.
          test.reason === 'app' ? (
            errorText(t, test.error)
          ) : (
            <>
              {t(`settings.testFailed.${test.reason}`)}
              {test.said && (
                <>
                  {' '}
                  <q translate="no">{test.said}</q>
                </>
              )}
            </>
          )}
        </p>
      )}
    </section>
  );
}
