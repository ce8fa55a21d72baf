import { useState, type FormEvent, type ReactNode } from 'react';
import { LockIcon } from './LockIcon';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { errorText } from '../../i18n/setup';
import { useLockStore } from '../../stores/lock-store';
import { PinField } from './PinField';
import { PIN_LIMITS, pinProblem } from './pin-input';

/**
 * The owner PIN in Settings: first run asks for one before anything else; later the owner can
 * change it. The lock's own settings (idle minutes, the duplicate limit) come in as children.
 */
export function PinSettings({ desk, children }: { desk: DeskApi; children: ReactNode }) {
  const { t } = useTranslation();
  const status = useLockStore((s) => s.status);
  const setPinNow = useLockStore((s) => s.setPin);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!status) return null;
  const first = !status.pinSet;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const bad = pinProblem(pin);
    if (bad) return setProblem(t(bad, PIN_LIMITS));
    if (pin !== again) return setProblem(t('lock.pinMismatch'));
    const failure = await setPinNow(desk, pin);
    setPin('');
    setAgain('');
    setProblem(failure ? errorText(t, failure) : null);
    setSaved(!failure);
  };

  return (
    <form className={`settings-card ${first ? 'is-first-pin' : ''}`} onSubmit={(e) => void submit(e)} aria-labelledby="pin-title">
      <h3 id="pin-title">
        <LockIcon />
        {t('lock.settingsTitle')}
      </h3>
      <p className={first ? 'warning' : 'field-hint'}>{first ? t('lock.setFirst') : t('lock.settingsHint')}</p>
      <PinField
        id="pin-new"
        label={first ? t('lock.pin') : t('lock.newPin')}
        value={pin}
        onChange={(v) => {
          setPin(v);
          setProblem(null);
        }}
        invalid={problem !== null}
      />
      <PinField id="pin-again" label={t('lock.pinAgain')} value={again} onChange={setAgain} />
      <p className="field-hint">{t('lock.pinRule', PIN_LIMITS)}</p>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      {saved && (
        <p role="status" className="tone-good">
          {t('lock.pinSaved')}
        </p>
      )}
      <button type="submit" className="button-primary">
        {first ? t('lock.setPin') : t('lock.changePin')}
      </button>
      {children}
    </form>
  );
}
