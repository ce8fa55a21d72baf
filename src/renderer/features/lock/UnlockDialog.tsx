import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LockIcon } from './LockIcon';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { errorText } from '../../i18n/setup';
import { useLockStore } from '../../stores/lock-store';
import { PinField } from './PinField';
import { PIN_LIMITS, pinProblem } from './pin-input';
import { ForgotPin } from './ForgotPin';
import { Dialog } from '../../components/Dialog';

/** Asks for the owner PIN; main checks it and answers with the new role. */
export function UnlockDialog({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const status = useLockStore((s) => s.status);
  const close = useLockStore((s) => s.closeDialog);
  const unlock = useLockStore((s) => s.unlock);
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [forgot]);
  if (!status) return null;
  const wait = status.waitSeconds;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = pinProblem(pin);
    if (bad) return setProblem(t(bad, PIN_LIMITS));
    setBusy(true);
    const failure = await unlock(desk, pin);
    setBusy(false);
    setPin('');
    setProblem(failure ? errorText(t, failure) : null);
  };

  return (
    <Dialog titleId="unlock-title" className="unlock-dialog" onEscape={close}>
      <h2 id="unlock-title">
        <LockIcon />
        {forgot ? t('lock.forgotTitle') : t('lock.unlockTitle')}
      </h2>
      {forgot ? (
        <ForgotPin desk={desk} onBack={() => setForgot(false)} />
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <p>{t('lock.unlockHint')}</p>
          <PinField
            id="unlock-pin"
            label={t('lock.pin')}
            value={pin}
            onChange={(v) => {
              setPin(v);
              setProblem(null);
            }}
            inputRef={input}
            invalid={problem !== null}
            describedBy={problem ? 'unlock-problem' : undefined}
          />
          {wait > 0 && (
            <p role="status" className="warning">
              {t('lock.waiting', { seconds: wait })}
            </p>
          )}
          {problem && (
            <p id="unlock-problem" role="alert" className="form-error">
              {problem}
            </p>
          )}
          {status.failures > 0 && wait === 0 && <p className="field-hint">{t('lock.failures', { count: status.failures })}</p>}
          <div className="dialog-actions">
            <button type="button" className="button-secondary" onClick={close}>
              {t('lock.cancel')}
            </button>
            <button type="submit" className="button-primary" disabled={busy || pin === ''}>
              {t('lock.unlock')}
            </button>
          </div>
          <button type="button" className="link-button" onClick={() => setForgot(true)}>
            {t('lock.forgot')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
