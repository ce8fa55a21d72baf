import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { PERSON_NAME_MAX } from '../../../shared/customer-text';
import { errorText } from '../../i18n/setup';
import { useLockStore, type PeopleChange } from '../../stores/lock-store';
import { PinField } from './PinField';
import { PIN_LIMITS, pinProblem } from './pin-input';

/** Which small form is open: adding someone, or one change to one person. */
type Editing = { kind: 'add' } | { kind: 'rename' | 'resetPin' | 'remove'; person: number; name: string } | null;

/**
 * The owner's People list (issue 38): each staff member has a name and their own PIN. Each change
 * is a small form of its own, opened by a button and sent with Enter; Escape closes it.
 */
export function PeopleSettings({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const status = useLockStore((s) => s.status);
  const change = useLockStore((s) => s.people);
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // People sign in with their own PINs only once there is an owner PIN to manage them.
  if (!status?.pinSet) return null;

  const open = (next: Editing) => {
    setEditing(next);
    setName(next && next.kind === 'rename' ? next.name : '');
    setPin('');
    setProblem(null);
    setDone(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const needsPin = editing.kind === 'add' || editing.kind === 'resetPin';
    const bad = needsPin ? pinProblem(pin) : null;
    if (bad) return setProblem(t(bad, PIN_LIMITS));
    const request: PeopleChange =
      editing.kind === 'add'
        ? { kind: 'add', name, pin }
        : editing.kind === 'rename'
          ? { kind: 'rename', person: editing.person, name }
          : editing.kind === 'resetPin'
            ? { kind: 'resetPin', person: editing.person, pin }
            : { kind: 'remove', person: editing.person };
    const failure = await change(desk, request);
    setPin('');
    if (failure) return setProblem(errorText(t, failure));
    setEditing(null);
    setDone(
      t(`lock.people.done.${editing.kind}`, { name: editing.kind === 'add' || editing.kind === 'rename' ? name.trim() : editing.name }),
    );
  };

  const form = editing && (
    <form className="people-form" onSubmit={(e) => void submit(e)} onKeyDown={(e) => e.key === 'Escape' && open(null)}>
      <h4>{editing.kind === 'add' ? t('lock.people.addTitle') : t(`lock.people.${editing.kind}Title`, { name: editing.name })}</h4>
      {(editing.kind === 'add' || editing.kind === 'rename') && (
        <label className="filter" htmlFor="person-name">
          <span>{t('lock.people.name')}</span>
          <input
            id="person-name"
            autoFocus
            autoComplete="off"
            maxLength={PERSON_NAME_MAX + 10}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
          />
        </label>
      )}
      {(editing.kind === 'add' || editing.kind === 'resetPin') && (
        <PinField
          id="person-pin"
          label={t('lock.people.pin')}
          value={pin}
          onChange={(v) => {
            setPin(v);
            setProblem(null);
          }}
          invalid={problem !== null}
          inputRef={editing.kind === 'resetPin' ? (el) => el?.focus() : undefined}
        />
      )}
      {editing.kind === 'remove' && <p className="warning">{t('lock.people.removeHint', { name: editing.name })}</p>}
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button-secondary" onClick={() => open(null)}>
          {t('lock.cancel')}
        </button>
        <button type="submit" className="button-primary" autoFocus={editing.kind === 'remove'}>
          {t(`lock.people.${editing.kind}`)}
        </button>
      </div>
    </form>
  );

  return (
    <section className="settings-card people-settings" aria-labelledby="people-title">
      <h3 id="people-title">{t('lock.people.title')}</h3>
      <p className="field-hint">{status.people.length === 0 ? t('lock.people.none') : t('lock.people.hint')}</p>
      <ul className="people-list">
        {status.people.map((p) => (
          <li key={p.id}>
            <span className="person-name">{p.name}</span>
            <button type="button" className="button-secondary" onClick={() => open({ kind: 'rename', person: p.id, name: p.name })}>
              {t('lock.people.rename')}
            </button>
            <button type="button" className="button-secondary" onClick={() => open({ kind: 'resetPin', person: p.id, name: p.name })}>
              {t('lock.people.resetPin')}
            </button>
            <button type="button" className="button-secondary" onClick={() => open({ kind: 'remove', person: p.id, name: p.name })}>
              {t('lock.people.remove')}
            </button>
          </li>
        ))}
      </ul>
      {form ?? (
        <button type="button" className="button-primary" onClick={() => open({ kind: 'add' })}>
          {t('lock.people.add')}
        </button>
      )}
      {done && (
        <p role="status" className="tone-good">
          {done}
        </p>
      )}
    </section>
  );
}
