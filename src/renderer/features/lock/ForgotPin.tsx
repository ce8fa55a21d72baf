import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { errorText } from '../../i18n/setup';
import { useLockStore } from '../../stores/lock-store';
import { PinField } from './PinField';
import { PIN_LIMITS, pinProblem } from './pin-input';
import { SecretInput } from '../../components/SecretInput';

/**
 * Live mode: the provider's API token proves the owner (main compares it with the saved one).
 * Otherwise there is no secret to prove it with, and the screen says plainly what to do instead.
 */
export function ForgotPin({ desk, onBack }: { desk: DeskApi; onBack: () => void }) {
  const { t } = useTranslation();
  const status = useLockStore((s) => s.status);
  const resetPin = useLockStore((s) => s.resetPin);
  const [token, setToken] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!status) return null;

  if (status.reset === 'file') {
    return (
      <div>
        <p>{t('lock.forgotFile')}</p>
        <p>
          <code className="mono" translate="no">
            {status.pinFile}
          </code>
        </p>
        <div className="dialog-actions">
          <button type="button" className="button-secondary" onClick={onBack}>
            {t('lock.back')}
          </button>
        </div>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = pinProblem(pin);
    if (!token.trim()) return setProblem(t('lock.tokenNeeded'));
    if (bad) return setProblem(t(bad, PIN_LIMITS));
    if (pin !== again) return setProblem(t('lock.pinMismatch'));
    setBusy(true);
    const failure = await resetPin(desk, token.trim(), pin);
    setBusy(false);
    setToken('');
    setProblem(failure ? errorText(t, failure) : null);
  };

  return (
    <form onSubmit={(e) => void submit(e)}>
      <p>{t('lock.forgotToken')}</p>
      <label className="filter" htmlFor="forgot-token">
        <span>{t('lock.token')}</span>
        <SecretInput id="forgot-token" value={token} onChange={setToken} />
      </label>
      <PinField id="forgot-pin" label={t('lock.newPin')} value={pin} onChange={setPin} />
      <PinField id="forgot-again" label={t('lock.pinAgain')} value={again} onChange={setAgain} />
      {status.waitSeconds > 0 && (
        <p role="status" className="warning">
          {t('lock.waiting', { seconds: status.waitSeconds })}
        </p>
      )}
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button-secondary" onClick={onBack}>
          {t('lock.back')}
        </button>
        <button type="submit" className="button-primary" disabled={busy}>
          {t('lock.resetPin')}
        </button>
      </div>
    </form>
  );
}
