import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LockIcon } from './LockIcon';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { errorText } from '../../i18n/setup';
import { useLockStore } from '../../stores/lock-store';
import { useRechargeStore } from '../../stores/recharge-store';
import { PinField } from './PinField';
import { PIN_LIMITS, pinProblem } from './pin-input';
import { ForgotPin } from './ForgotPin';
import { Dialog } from '../../components/Dialog';
import { PersonPicker, type PersonChoice } from './PersonPicker';

/**
 * Asks for the owner PIN; main checks it and answers with the new role. Once the owner has named
 * staff it asks "Who is at the counter?" first: a name, then that person's PIN.
 */
export function UnlockDialog({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const status = useLockStore((s) => s.status);
  const close = useLockStore((s) => s.closeDialog);
  const unlock = useLockStore((s) => s.unlock);
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [chosen, setChosen] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const named = (status?.people.length ?? 0) > 0;
  useEffect(() => (named ? list.current : input.current)?.focus(), [forgot, named]);
  if (!status) return null;
  const choices: PersonChoice[] = [{ id: undefined, label: t('lock.owner') }, ...status.people.map((p) => ({ id: p.id, label: p.name }))];
  const person = named ? choices[chosen]?.id : undefined;
  // The owner's wrong-PIN count and wait; each person's own are told in the refusal.
  const wait = person === undefined ? status.waitSeconds : 0;
  const failures = person === undefined ? status.failures : 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = pinProblem(pin);
    if (bad) return setProblem(t(bad, PIN_LIMITS));
    setBusy(true);
    const failure = await unlock(desk, pin, person);
    // A shift change ends at the counter's number box: the next customer at once.
    if (!failure && named) useRechargeStore.getState().backToCounter();
    setBusy(false);
    setPin('');
    setProblem(failure ? errorText(t, failure) : null);
  };

  return (
    <Dialog titleId="unlock-title" className="unlock-dialog" onEscape={close}>
      <h2 id="unlock-title">
        <LockIcon />
        {forgot ? t('lock.forgotTitle') : named ? t('lock.whoTitle') : t('lock.unlockTitle')}
      </h2>
      {forgot ? (
        <ForgotPin desk={desk} onBack={() => setForgot(false)} />
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          {named ? (
            <>
              <p id="who-hint">{t('lock.whoHint')}</p>
              <PersonPicker
                labelId="who-hint"
                choices={choices}
                selected={chosen}
                onSelect={(i) => {
                  setChosen(i);
                  setProblem(null);
                }}
                onChosen={() => input.current?.focus()}
                listRef={list}
              />
            </>
          ) : (
            <p>{t('lock.unlockHint')}</p>
          )}
          <PinField
            id="unlock-pin"
            label={person === undefined ? t('lock.pin') : t('lock.personPin', { name: choices[chosen]?.label })}
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
          {failures > 0 && wait === 0 && <p className="field-hint">{t('lock.failures', { count: failures })}</p>}
          <div className="dialog-actions">
            <button type="button" className="button-secondary" onClick={close}>
              {t('lock.cancel')}
            </button>
            <button type="submit" className="button-primary" disabled={busy || pin === ''}>
              {named ? t('lock.signIn') : t('lock.unlock')}
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
