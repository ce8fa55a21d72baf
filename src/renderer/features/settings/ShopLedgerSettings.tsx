import type { IpcError } from '../../../shared/result';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { SETTING_TEXT_MAX, SHOP_TLS_MODES } from '../../../shared/field-limits';
import { useAge } from '../../hooks/use-age';
import { useFormat } from '../../hooks/use-format';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SecretInput } from '../../components/SecretInput';

type Status = ResponseOf<'shop:status'>;
type Tls = (typeof SHOP_TLS_MODES)[number];

/** The shared shop ledger (issue 16): where it is, this counter's name, and how it is doing. */
export function ShopLedgerSettings({ desk, onChanged }: { desk: DeskApi; onChanged: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [status, setStatus] = useState<Status | null>(null);
  const [url, setUrl] = useState('');
  const [tls, setTls] = useState<Tls>('require');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<IpcError | null>(null);
  const [saved, setSaved] = useState(false);
  const age = useAge(status?.lastSyncAt);

  useEffect(() => {
    void desk.shop.status().then((r) => {
      if (!r.ok) return;
      setStatus(r.data);
      setUrl(r.data.url);
      setTls(r.data.tls);
      setName(r.data.counterName);
    });
  }, [desk]);
  // While it is set, how it is doing is looked at again every few seconds.
  useEffect(() => {
    if (!status?.configured) return;
    const timer = setTimeout(() => void desk.shop.status().then((r) => r.ok && setStatus(r.data)), 3000);
    return () => clearTimeout(timer);
  }, [desk, status]);
  if (!status) return null;

  const save = async (off: boolean) => {
    setSaved(false);
    const r = await desk.shop.configure({
      url: off ? '' : url.trim(),
      tls,
      counterName: name.trim() || status.counterPrefix,
      ...(password ? { password } : {}),
    });
    if (!r.ok) return setError(r.error);
    setError(null);
    setPassword('');
    setStatus(r.data);
    if (off) setUrl('');
    setSaved(true);
    onChanged();
  };

  const state = !status.configured
    ? t('shopLedger.notSet')
    : status.online === true
      ? t('shopLedger.online', { age: age ?? t('age.now') })
      : status.online === false && status.offlineSince !== null
        ? t('shopLedger.offline', { since: f.time(status.offlineSince), count: status.unsent })
        : t('shopLedger.connecting');

  return (
    <section className="settings-card" aria-labelledby="shop-ledger-title">
      <h3 id="shop-ledger-title">{t('shopLedger.title')}</h3>
      <p className="field-hint">{t('shopLedger.hint')}</p>
      <p role="status" data-testid="shop-state" className={status.online === false ? 'warning' : undefined}>
        {state}
        {status.configured && status.online === true && status.unsent > 0 && <> {t('shopLedger.unsent', { count: status.unsent })}</>}
      </p>
      {status.refused > 0 && (
        <p role="alert" className="warning">
          {t('shopLedger.refused', { count: status.refused })}
        </p>
      )}
      <ErrorBanner error={error} />
      <label className="filter" htmlFor="shop-ledger-url">
        <span>{t('shopLedger.url')}</span>
        <input id="shop-ledger-url" value={url} onChange={(e) => setUrl(e.target.value)} spellCheck={false} translate="no" />
      </label>
      <label className="filter" htmlFor="shop-ledger-tls">
        <span>{t('shopLedger.tls')}</span>
        <select id="shop-ledger-tls" value={tls} onChange={(e) => setTls(SHOP_TLS_MODES.find((m) => m === e.target.value) ?? 'require')}>
          {SHOP_TLS_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`shopLedger.tls_${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter" htmlFor="shop-ledger-name">
        <span>{t('shopLedger.counterName')}</span>
        <input id="shop-ledger-name" value={name} maxLength={SETTING_TEXT_MAX.counterName} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="filter" htmlFor="shop-ledger-password">
        <span>{t('shopLedger.password')}</span>
        <SecretInput id="shop-ledger-password" value={password} onChange={setPassword} />
      </label>
      {status.passwordSaved && <p className="field-hint">{t('shopLedger.passwordSaved')}</p>}
      <div className="button-row">
        <button type="button" className="button-primary" disabled={!url.trim()} onClick={() => void save(false)}>
          {t('shopLedger.save')}
        </button>
        {status.configured && (
          <button type="button" className="button-quiet" onClick={() => void save(true)}>
            {t('shopLedger.off')}
          </button>
        )}
      </div>
      {saved && <p role="status">{t('shopLedger.saved')}</p>}
    </section>
  );
}
