import type { IpcError } from '../../../shared/result';
import { useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import {
  canOnlyBeDth,
  findOperator,
  isMobileOnNewDth,
  isValidNumberFor,
  operatorsIn,
  type OperatorCategory,
} from '../../../shared/operators';
import { cleanNumber, groupForReading } from '../../../shared/subscriber-number';
import { errorText } from '../../i18n/setup';
import { useLockStore } from '../../stores/lock-store';
import { useRechargeStore } from '../../stores/recharge-store';
import { useBalanceStore } from '../../stores/balance-store';
import { Field } from '../../components/Field';
import { DigitsInput } from '../../components/DigitsInput';
import { ConfirmDialog } from './ConfirmDialog';
import { OperatorPicker } from './OperatorPicker';
import { LostAnswerCard, ResultCard } from './ResultCard';
import { formProblem, numberProblem, type FormProblem } from './recharge-checks';
import { useLastOperator } from './use-last-operator';
import { OpenForNumber } from './OpenForNumber';
import { useFormat } from '../../hooks/use-format';
import type { Customer } from '../../../shared/customer-schemas';
import { looksLikeName } from '../../../shared/customer-rules';
import { useCustomerSearch } from '../customers/use-customer-search';
import { NameMatches } from './NameMatches';
import { CustomerLine, useCounterCustomer } from './CustomerLine';
import { useUsualAmount } from './use-usual-amount';
import { BalanceShort } from './BalanceShort';
import { useCreditStanding } from '../khata/use-credit-standing';
import { useSettingsStore } from '../../stores/settings-store';
import { unusualAmount } from '../../../shared/unusual-amount';
import { rupeesToPaise } from '../../../shared/money';

/**
 * The home screen. Typing path: number, Enter (or the operator's key), amount, Enter to check,
 * Enter to send: three keystrokes beyond the number and the amount.
 */
export function RechargeScreen({ desk, mode }: { desk: DeskApi; mode: 'demo' | 'live' }) {
  const { t } = useTranslation();
  const f = useFormat();
  const {
    step,
    form,
    error,
    duplicateOf,
    duplicateOutcome,
    warning,
    result,
    lost,
    focus,
    focused,
    setForm,
    confirm,
    back,
    send,
    reset,
    applyUpdate,
    repeatCustomer,
    payment,
    setPayment,
    account,
    setAccount,
  } = useRechargeStore();
  // A name typed where the number goes: the box shows it, the customers it names are offered.
  const [nameQuery, setNameQuery] = useState('');
  // Enter was pressed on a number that is not complete: its error is said aloud (an alert).
  const [refused, setRefused] = useState(false);
  // The +91 or 0 cleaned off the number on screen, shown beside it.
  const [dropped, setDropped] = useState<{ number: string; prefix: string } | null>(null);
  const matches = useCustomerSearch(desk, nameQuery);
  const creditStanding = useCreditStanding(desk, form.number, step === 'confirming' || step === 'duplicate');
  const online = useBalanceStore((s) => s.online) || mode === 'demo';
  const numberRef = useRef<HTMLInputElement>(null);
  const operatorsRef = useRef<HTMLDivElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const operators = operatorsIn(form.category);
  const operator = form.operator ? findOperator(form.operator) : undefined;
  const preselect = (code: string) => {
    setForm({ operator: code });
    // Enter came before the lookup: focus waits on the operators; go on to the amount now.
    if (operatorsRef.current?.contains(document.activeElement)) amountRef.current?.focus();
  };
  // Digits typed on the operators while this number's last operator is still being looked up: for
  // a repeat customer they are the amount, for a new one the first is the operator's key. They
  // wait for the answer rather than guess (a guess turned "199" into ₹99 and Jio).
  const queued = useRef<string[]>([]);
  const placeQueued = () => {
    const keys = queued.current.filter((k) => k !== 'Enter');
    const enter = queued.current.includes('Enter');
    queued.current = [];
    if (keys.length === 0) return;
    const state = useRechargeStore.getState();
    let rest = keys;
    if (!state.form.operator) {
      const picked = operators[Number(keys[0]) - 1];
      if (!picked) return;
      state.setForm({ operator: picked.code });
      rest = keys.slice(1);
    }
    // Digits typed for the amount replace the usual amount filled in, as typing in the box does.
    if (rest.length > 0) {
      const before = useRechargeStore.getState().form.amount;
      useRechargeStore.getState().setForm({ amount: (usual.untouched(before) ? '' : before) + rest.join('') });
      usual.typed();
    }
    amountRef.current?.focus();
    // An Enter typed after the amount asked for the confirmation (which still needs its own Enter).
    if (enter && !formProblem(useRechargeStore.getState().form) && online) confirm();
  };
  const {
    last: lastUsed,
    succeeded: lastSucceeded,
    pending: lookupPending,
  } = useLastOperator(desk, form.number, form.category, preselect, () => useRechargeStore.getState().form.operator, placeQueued);
  const holdDigit = (key: string) => {
    if (!lookupPending.current || (key === 'Enter' && queued.current.length === 0)) return false;
    queued.current.push(key);
    return true;
  };
  const problem = formProblem(form);
  const complete = form.category === 'mobile' ? form.number.length === 10 : form.number.length >= 6;
  const known = useCounterCustomer(desk, form.number, complete);
  const customer = known?.customer ?? null;
  const nearRegular = known?.regular ?? null;
  const usual = useUsualAmount(form.number, customer?.usualAmount ?? null, form.amount, amountRef);
  // A mobile-shaped number on a DTH operator: some take the customer's registered mobile, so it is
  // not refused, but it is flagged unless this number is already this operator's customer (its
  // last recharge went through on it, or the customer book says so).
  // The shop's counter rule: an amount this many times the usual, either way, is named (default 2).
  const unusualTimes = useSettingsStore((s) => s.settings?.recharge.unusualAmountTimes ?? 2);
  const unusual = /^\d+$/.test(form.amount) ? unusualAmount(rupeesToPaise(Number(form.amount)), customer?.usualAmount, unusualTimes) : null;
  const mobileOnDth =
    !!operator && isMobileOnNewDth(operator, form.number, { lastSuccessOn: lastSucceeded, bookOperator: customer?.operator });

  // Before the paint: the counter's first frame shows the number box focused, ready for a key,
  // instead of painting it unfocused and focusing it a frame later (a slow first layout is ~50 ms).
  useLayoutEffect(() => {
    if (step === 'editing' && form.number === '') numberRef.current?.focus();
  }, [step, form.number]);
  // After a repeat the amount is what to check; after "next customer", the number box.
  useEffect(() => {
    if (step !== 'editing' || !focus) return;
    (focus === 'amount' ? amountRef : numberRef).current?.focus();
    focused();
  }, [step, focus, focused]);
  useEffect(() => desk.on('txn:updated', ({ txn }) => applyUpdate(txn)), [desk, applyUpdate]);

  const setNumber = (raw: string) => {
    setRefused(false);
    // Keys held for the number before belong to its customer, not to the one typed now.
    queued.current = [];
    if (looksLikeName(raw)) {
      setNameQuery(raw.slice(0, 64));
      if (form.number) setForm({ number: '' });
      return;
    }
    setNameQuery('');
    const number = cleanNumber(raw, form.category).replace(/\D/g, '').slice(0, 12);
    // A mobile's +91 or 0 left out is said beside the number, never done silently.
    const typed = raw.replace(/\D/g, '');
    const prefix = typed.length > number.length && typed.endsWith(number) ? typed.slice(0, -number.length) : '';
    setDropped(prefix ? { number, prefix: raw.trim().startsWith('+') ? `+${prefix}` : prefix } : null);
    // The usual amount filled in for the number before is not this customer's.
    const amount = number !== form.number && usual.untouched(form.amount) ? { amount: '' } : {};
    setForm({ number, ...amount });
  };
  const pickCustomer = (c: Customer) => {
    setNameQuery('');
    repeatCustomer(c);
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    setNumber(e.clipboardData.getData('text'));
  };
  const onNumberKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (nameQuery) {
      const first = matches?.[0];
      if (first) pickCustomer(first);
      return;
    }
    // Typed on Mobile, an ID no mobile number can be but a DTH operator takes: the DTH operators,
    // in the same keys as from the DTH tab.
    if (
      form.category === 'mobile' &&
      !form.operator &&
      canOnlyBeDth(form.number) &&
      operatorsIn('dth').some((o) => isValidNumberFor(o, form.number))
    ) {
      setForm({ category: 'dth' });
      operatorsRef.current?.focus();
      return;
    }
    if (numberProblem(form.number, form.category, form.operator)) {
      // The error is shown and the digits selected: the next key starts the number again rather
      // than completing it into one nobody read (an operator's key becoming its tenth digit).
      setRefused(true);
      numberRef.current?.select();
      return;
    }
    if (form.operator) amountRef.current?.focus();
    else operatorsRef.current?.focus();
  };
  const pickOperator = (code: string) => {
    setForm({ operator: code });
    amountRef.current?.focus();
  };
  const onAmountKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!problem && online) confirm();
  };
  const switchCategory = (category: OperatorCategory) => {
    if (category === form.category) return;
    setNameQuery('');
    setForm({ category, operator: null, number: '', amount: '' });
    numberRef.current?.focus();
  };
  // The next customer: on Mobile, empty, or starting with the digits typed on the result card.
  const next = (digits?: string) => {
    setNameQuery('');
    setRefused(false);
    queued.current = [];
    reset(digits);
  };
  // Esc on the form, or Clear: this customer is dropped, nothing else changes.
  const onFormKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented || step !== 'editing') return;
    e.preventDefault();
    next();
  };
  // Rupee limits read in the screen's language (₹5,000), not as raw numbers.
  const problemText = (p: FormProblem) => {
    const values = 'values' in p && p.values ? { ...p.values } : {};
    if (typeof values['min'] === 'number') values['min'] = f.rupees(values['min']);
    if (typeof values['max'] === 'number') values['max'] = f.rupees(values['max']);
    return t(p.key, values);
  };
  // The core names the number's problem in English; the operator table says it in any language.
  const sendErrorText = (e: IpcError) => {
    if (e.code === 'invalid_number' && operator?.category === 'dth')
      return t(`recharge.shape.${operator.code}`, { operator: operator.name });
    return errorText(t, e);
  };

  if (step === 'done' && result) return <ResultCard answer={result} onNext={next} desk={desk} />;
  if (step === 'done' && lost) return <LostAnswerCard form={form} onNext={next} />;

  return (
    <section className="recharge" aria-labelledby="recharge-title" onKeyDown={onFormKey}>
      {/* Heading and tabs share a row, so the send button stays on screen at 1024×768. */}
      <div className="recharge-head">
        <h2 id="recharge-title">{t('recharge.title')}</h2>
        <div className="category-tabs" role="tablist" aria-label={t('recharge.title')}>
          {(['mobile', 'dth'] as const).map((c) => (
            <button key={c} type="button" role="tab" aria-selected={form.category === c} onClick={() => switchCategory(c)}>
              {t(`recharge.${c}`)}
            </button>
          ))}
        </div>
        <button type="button" className="button-secondary recharge-clear" onClick={() => next()}>
          {t('recharge.clear')} <kbd>{t('recharge.clearKey')}</kbd>
        </button>
      </div>

      <Field
        id="recharge-number"
        label={form.category === 'mobile' ? t('recharge.number') : t('recharge.subscriber')}
        hint={
          form.number ? (
            <>
              <strong className="read-aloud">{groupForReading(form.number)}</strong>
              {dropped?.number === form.number && (
                <span className="prefix-dropped"> · {t('recharge.prefixDropped', { prefix: dropped.prefix })}</span>
              )}
            </>
          ) : (
            t('recharge.numberHint')
          )
        }
      >
        <DigitsInput
          id="recharge-number"
          ref={numberRef}
          className="input-number"
          value={nameQuery || form.number}
          onText={setNumber}
          onPaste={onPaste}
          onKeyDown={onNumberKey}
        />
      </Field>
      {nameQuery ? <NameMatches matches={matches} onPick={pickCustomer} /> : null}
      <CustomerLine customer={customer} khataDue={known?.khataDue ?? 0} />
      <OpenForNumber number={form.number} />

      <div className="field">
        <span className="field-label" id="operator-label">
          {t('recharge.operator')} <span className="field-hint">{t('recharge.operatorHint')}</span>
        </span>
        <OperatorPicker
          ref={operatorsRef}
          operators={operators}
          value={form.operator}
          lastUsed={lastUsed}
          onPick={pickOperator}
          holdDigit={holdDigit}
        />
      </div>

      <div className="amount-row">
        <Field
          id="recharge-amount"
          label={t('recharge.amount')}
          hint={
            operator
              ? t('recharge.limits', { operator: operator.name, min: f.rupees(operator.minAmount), max: f.rupees(operator.maxAmount) })
              : ''
          }
        >
          <DigitsInput
            id="recharge-amount"
            ref={amountRef}
            className="input-amount"
            value={form.amount}
            // Kept as typed (trimmed): a stray "." or "-" is refused below, never silently dropped.
            onText={(text) => {
              usual.typed();
              setForm({ amount: text.trim().slice(0, 12) });
            }}
            onKeyDown={onAmountKey}
            onFocus={usual.onFocus}
          />
        </Field>
        <button type="button" className="button-primary button-large" disabled={!!problem || !online} onClick={confirm}>
          {t('recharge.next')} <kbd>{t('recharge.pressEnter')}</kbd>
        </button>
      </div>
      {error && (
        <p role="alert" className="error-banner">
          {sendErrorText(error)}
          {/* A repeat above the owner's limit: main refused it to staff; the owner can unlock here. */}
          {error.code === 'owner_only' && (
            <button type="button" className="button-secondary" onClick={() => useLockStore.getState().openDialog()}>
              {t('lock.unlockOwner')}
            </button>
          )}
        </p>
      )}
      <BalanceShort amount={form.amount} />
      {problem && !nameQuery && (form.number || form.amount) && (
        <p className={refused ? 'error-banner' : 'form-problem'} role={refused ? 'alert' : 'status'}>
          {problemText(problem)}
        </p>
      )}

      {operator && (
        <div className="chips" role="group" aria-label={t('recharge.popular')}>
          {operator.popularAmounts.map((a) => (
            <button
              key={a}
              type="button"
              className="chip"
              aria-pressed={form.amount === String(a)}
              onClick={() => setForm({ amount: String(a) })}
            >
              {f.rupees(a)}
            </button>
          ))}
        </div>
      )}

      {(step === 'confirming' || step === 'duplicate' || step === 'sending') && (
        <ConfirmDialog
          form={form}
          step={step}
          duplicateOf={duplicateOf}
          duplicateOutcome={duplicateOutcome}
          openWarning={warning === 'open'}
          shopWarning={warning === 'shop'}
          mobileOnDth={mobileOnDth}
          nearRegular={nearRegular}
          unusual={unusual}
          creditStanding={creditStanding}
          payment={payment}
          onPayment={setPayment}
          onSend={(seen) => void send(desk, { confirmMobileOnDth: mobileOnDth, confirmOverLimit: seen.overLimit })}
          onBack={back}
          desk={desk}
          account={account}
          onAccount={setAccount}
        />
      )}
    </section>
  );
}
