import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { RequestOf } from '../../../shared/ipc/contract';
import { SETTING_LIMITS } from '../../../shared/field-limits';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useSettingsStore } from '../../stores/settings-store';
import { AccountSettings } from './AccountSettings';
import { DiagnosticsSettings } from './DiagnosticsSettings';
import { BackupSettings } from './BackupSettings';
import { MovePcSettings } from './MovePcSettings';
import { ShopSettings } from './ShopSettings';
import { UpiSettings } from './UpiSettings';
import { CustomerTextPreview } from './CustomerTextPreview';
import { ProviderProfileSettings } from './ProviderProfileSettings';
import { RoutingSettings } from './routing/RoutingSettings';
import { ShopLedgerSettings } from './ShopLedgerSettings';
import { OwnerOnly } from '../lock/OwnerOnly';
import { PinSettings } from '../lock/PinSettings';
import { PeopleSettings } from '../lock/PeopleSettings';
import { ErrorBanner } from '../../components/ErrorBanner';

type Patch = RequestOf<'settings:update'>;

function NumberSetting({
  id,
  label,
  value,
  limits: { min, max },
  onSave,
}: {
  id: string;
  label: string;
  value: number;
  /** From SETTING_LIMITS, the ranges the settings schema itself checks. */
  limits: { readonly min: number; readonly max: number };
  onSave: (n: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const n = Number(text);
  const valid = /^\d+$/.test(text) && n >= min && n <= max;
  return (
    <label className="filter" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        inputMode="numeric"
        value={text}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : `${id}-problem`}
        // As typed: a stray "." or "-" is shown and refused, never dropped into another number.
        onChange={(e) => setText(e.target.value.trim())}
        onBlur={() => valid && n !== value && onSave(n)}
      />
      {!valid && (
        <span id={`${id}-problem`} className="form-error" role="alert">
          {t('settings.numberRange', { min, max })}
        </span>
      )}
    </label>
  );
}

/** Everything the shopkeeper can set; each change is saved as it is made. */
export function SettingsScreen({ desk, onModeChanged }: { desk: DeskApi; onModeChanged: () => void }) {
  const { t } = useTranslation();
  const { settings, auth, error, load, update } = useSettingsStore();
  useEffect(() => {
    void load(desk);
  }, [desk, load]);
  if (!settings || !auth) return <p>{t('app.loading')}</p>;
  const save = (patch: Patch) => void update(desk, patch).then((ok) => ok && (patch.mode || patch.callbackListener) && onModeChanged());
  const stop = (e: FormEvent) => e.preventDefault();
  return (
    <section className="settings" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('nav.settings')}</h2>
      <ErrorBanner error={error} />
      <OwnerOnly>
        <div className="settings-grid">
          <PinSettings desk={desk}>
            <NumberSetting
              id="idle"
              label={t('lock.idleMinutes')}
              value={settings.lock.idleMinutes}
              limits={SETTING_LIMITS.idleMinutes}
              onSave={(n) => save({ lock: { idleMinutes: n } })}
            />
            <NumberSetting
              id="dup-owner"
              label={t('lock.duplicateOverride')}
              value={settings.lock.duplicateOverrideRupees}
              limits={SETTING_LIMITS.duplicateOverrideRupees}
              onSave={(n) => save({ lock: { duplicateOverrideRupees: n } })}
            />
          </PinSettings>
          <PeopleSettings desk={desk} />
          {/* Keyed by the account: one brought in from another PC fills the form with its address and username. */}
          {/* Asked afresh when the account or its profile's fields change. */}
          <AccountSettings
            key={`${auth?.baseUrl ?? ''}|${auth?.username ?? ''}|${auth?.fields.map((f) => f.name).join(',') ?? ''}`}
            desk={desk}
            onModeChanged={onModeChanged}
          />
          <ProviderProfileSettings
            desk={desk}
            onChanged={() => {
              // Another profile may ask for other credentials: the account card reads them again.
              void load(desk);
              onModeChanged();
            }}
          />
          <RoutingSettings desk={desk} />
          <ShopSettings desk={desk} shop={settings.shop} />
          <UpiSettings desk={desk} upi={settings.upi} />
          <CustomerTextPreview shopName={settings.shop.name} upi={settings.upi} />
          <form className="settings-card" onSubmit={stop} aria-labelledby="work-title">
            <h3 id="work-title">{t('settings.counter')}</h3>
            <fieldset className="filter-group">
              <legend>{t('settings.mode')}</legend>
              {(['demo', 'live'] as const).map((m) => (
                <label key={m} className="chip">
                  <input
                    type="radio"
                    name="mode"
                    checked={settings.mode === m}
                    disabled={m === 'live' && !auth.configured}
                    onChange={() => save({ mode: m })}
                  />{' '}
                  {t(`mode.${m}`)}
                </label>
              ))}
            </fieldset>
            <NumberSetting
              id="dup"
              label={t('settings.duplicateWindow')}
              value={settings.recharge.duplicateWindowMinutes}
              limits={SETTING_LIMITS.duplicateWindowMinutes}
              onSave={(n) => save({ recharge: { duplicateWindowMinutes: n } })}
            />
            <NumberSetting
              id="unusual"
              label={t('settings.unusualAmount')}
              value={settings.recharge.unusualAmountTimes}
              limits={SETTING_LIMITS.unusualAmountTimes}
              onSave={(n) => save({ recharge: { unusualAmountTimes: n } })}
            />
            <NumberSetting
              id="low"
              label={t('settings.lowBalance')}
              value={settings.lowBalanceRupees}
              limits={SETTING_LIMITS.lowBalanceRupees}
              onSave={(n) => save({ lowBalanceRupees: n })}
            />
            <NumberSetting
              id="credit-limit"
              label={t('settings.creditLimit')}
              value={settings.creditLimitRupees}
              limits={SETTING_LIMITS.creditLimitRupees}
              onSave={(n) => save({ creditLimitRupees: n })}
            />
            <NumberSetting
              id="first"
              label={t('settings.firstCheck')}
              value={settings.poller.firstCheckSeconds}
              limits={SETTING_LIMITS.firstCheckSeconds}
              onSave={(n) => save({ poller: { firstCheckSeconds: n } })}
            />
            <NumberSetting
              id="interval"
              label={t('settings.maxInterval')}
              value={settings.poller.maxIntervalMinutes}
              limits={SETTING_LIMITS.maxIntervalMinutes}
              onSave={(n) => save({ poller: { maxIntervalMinutes: n } })}
            />
            <NumberSetting
              id="age"
              label={t('settings.maxOpen')}
              value={settings.poller.maxOpenHours}
              limits={SETTING_LIMITS.maxOpenHours}
              onSave={(n) => save({ poller: { maxOpenHours: n } })}
            />
            <LanguageSwitch id="settings-language" className="filter" onChosen={(language) => save({ language })} />
          </form>
          <form className="settings-card" onSubmit={stop} aria-labelledby="callback-title">
            <h3 id="callback-title">{t('settings.callbacks')}</h3>
            <p className="field-hint">{t('settings.callbacksHint')}</p>
            <label>
              <input
                type="checkbox"
                checked={settings.callbackListener.enabled}
                onChange={(e) => save({ callbackListener: { enabled: e.target.checked } })}
              />{' '}
              {t('settings.callbacksOn')}
            </label>
            <NumberSetting
              id="cb-port"
              label={t('settings.callbackPort')}
              value={settings.callbackListener.port}
              limits={SETTING_LIMITS.callbackPort}
              onSave={(n) => save({ callbackListener: { port: n } })}
            />
            {auth.callbackUrl && (
              <p>
                {t('settings.callbackUrl')}{' '}
                <code className="mono" translate="no">
                  {auth.callbackUrl}
                </code>
              </p>
            )}
          </form>
          <BackupSettings desk={desk} onRestored={onModeChanged} />
          <MovePcSettings desk={desk} onImported={onModeChanged} />
          {auth.mode === 'live' && <ShopLedgerSettings desk={desk} onChanged={onModeChanged} />}
        </div>
      </OwnerOnly>
      {/* Staff may save diagnostics for support: it holds no token, no PIN, numbers cut to 4 digits. */}
      <div className="settings-grid">
        <DiagnosticsSettings desk={desk} />
      </div>
    </section>
  );
}
