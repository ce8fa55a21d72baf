import type { IpcError } from '../../../shared/result';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { useSettingsStore } from '../../stores/settings-store';
import { errorText } from '../../i18n/setup';
import { SecretInput } from '../../components/SecretInput';

// A test the app itself could not run (bad input) is told apart from what the provider said.
type TestResult = ResponseOf<'auth:test'> | { ok: false; reason: 'app'; error: IpcError };

/** The live account: address, username and a write-only token, with a connection test. */
export function AccountSettings({ desk, onModeChanged }: { desk: DeskApi; onModeChanged: () => void }) {
  const { t } = useTranslation();
  const { auth, settings, saveAccount, clearAccount } = useSettingsStore();
  const [baseUrl, setBaseUrl] = useState(auth?.baseUrl ?? '');
  const [username, setUsername] = useState(auth?.username ?? '');
  const [token, setToken] = useState('');
  const [test, setTest] = useState<TestResult | null>(null);
  const [busy, setBusy] = useState(false);
  if (!auth || !settings) return null;
  // The saved token is only ever sent to the address and username it was saved with.
  const repointed = auth.configured && (baseUrl.trim() !== auth.baseUrl || username.trim() !== auth.username) && token.trim() === '';
  const entered = { baseUrl: baseUrl.trim() || undefined, username: username.trim() || undefined, token: token.trim() || undefined };
  const runTest = async () => {
    setBusy(true);
    const r = await desk.auth.test(entered);
    setTest(r.ok ? r.data : { ok: false, reason: 'app', error: r.error });
    setBusy(false);
  };
  const save = async () => {
    setBusy(true);
    if (await saveAccount(desk, { baseUrl, username, token: token.trim() || undefined })) {
      setToken('');
      onModeChanged();
    }
    setBusy(false);
  };
  return (
    <section className="settings-card" aria-labelledby="account-title">
      <h3 id="account-title">{t('settings.account')}</h3>
      {auth.mode === 'live' && auth.token !== 'saved' ? (
        <div role="alert" className="warning">
          <p>
            <span aria-hidden="true">⚠ </span>
            {t(auth.token === 'unreadable' ? 'settings.tokenUnreadable' : 'settings.tokenMissing', { username: auth.username })}
          </p>
        </div>
      ) : (
        <p className="field-hint">
          {auth.configured ? t('settings.accountSaved', { username: auth.username }) : t('settings.accountNone')}
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
      <Field id="settings-user" label={t('settings.username')} hint={t('settings.usernameHint')}>
        <input
          id="settings-user"
          className="input-text"
          inputMode="numeric"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-describedby="settings-user-hint"
        />
      </Field>
      <Field
        id="settings-token"
        label={t('settings.token')}
        hint={repointed ? t('settings.tokenAgain') : auth.configured ? t('settings.tokenKept') : t('settings.tokenHint')}
      >
        <SecretInput
          id="settings-token"
          className="input-text"
          value={token}
          onChange={setToken}
          placeholder={auth.configured ? '••••••••' : ''}
          aria-describedby="settings-token-hint"
        />
      </Field>
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
