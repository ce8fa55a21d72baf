import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { findOperator, operatorsIn, type OperatorCategory } from '../../../shared/operators';
import { cleanNumber, groupForReading } from '../../../shared/subscriber-number';
import { errorText } from '../../i18n/setup';
import { useRechargeStore } from '../../stores/recharge-store';
import { useBalanceStore } from '../../stores/balance-store';
import { Field } from '../../components/Field';
import { DigitsInput } from '../../components/DigitsInput';
import { ConfirmDialog } from './ConfirmDialog';
import { OperatorPicker } from './OperatorPicker';
import { ResultCard } from './ResultCard';
import { formProblem, numberProblem } from './recharge-checks';
import { useLastOperator } from './use-last-operator';

/**
 * The home screen. Typing path: number, Enter (or the operator's key), amount, Enter to check,
 * Enter to send: three keystrokes beyond the number and the amount.
 */
export function RechargeScreen({ desk, mode }: { desk: DeskApi; mode: 'demo' | 'live' }) {
  const { t } = useTranslation();
  const { step, form, error, duplicateMessage, result, setForm, confirm, back, send, reset } = useRechargeStore();
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
  const lastUsed = useLastOperator(desk, form.number, form.category, preselect, () => useRechargeStore.getState().form.operator);
  const problem = formProblem(form);

  useEffect(() => {
    if (step === 'editing' && form.number === '') numberRef.current?.focus();
  }, [step, form.number]);

  const setNumber = (raw: string) => setForm({ number: cleanNumber(raw, form.category).replace(/\D/g, '').slice(0, 12) });
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    setNumber(e.clipboardData.getData('text'));
  };
  const onNumberKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (numberProblem(form.number, form.category, form.operator)) return;
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
    setForm({ category, operator: null, number: '', amount: '' });
    numberRef.current?.focus();
  };
  const next = () => {
    reset();
    numberRef.current?.focus();
  };

  if (step === 'done' && result) return <ResultCard desk={desk} answer={result} onNext={next} />;

  return (
    <section className="recharge" aria-labelledby="recharge-title">
      <h2 id="recharge-title">{t('recharge.title')}</h2>
      <div className="category-tabs" role="tablist" aria-label={t('recharge.title')}>
        {(['mobile', 'dth'] as const).map((c) => (
          <button key={c} type="button" role="tab" aria-selected={form.category === c} onClick={() => switchCategory(c)}>
            {t(`recharge.${c}`)}
          </button>
        ))}
      </div>

      <Field
        id="recharge-number"
        label={form.category === 'mobile' ? t('recharge.number') : t('recharge.subscriber')}
        hint={form.number ? <strong className="read-aloud">{groupForReading(form.number)}</strong> : t('recharge.numberHint')}
      >
        <DigitsInput
          id="recharge-number"
          ref={numberRef}
          className="input-number"
          value={form.number}
          onText={setNumber}
          onPaste={onPaste}
          onKeyDown={onNumberKey}
        />
      </Field>

      <div className="field">
        <span className="field-label" id="operator-label">
          {t('recharge.operator')} <span className="field-hint">{t('recharge.operatorHint')}</span>
        </span>
        <OperatorPicker ref={operatorsRef} operators={operators} value={form.operator} lastUsed={lastUsed} onPick={pickOperator} />
      </div>

      <Field
        id="recharge-amount"
        label={t('recharge.amount')}
        hint={
          operator
            ? t('recharge.limits', { operator: operator.name, min: operator.minAmount, max: operator.maxAmount.toLocaleString('en-IN') })
            : ''
        }
      >
        <DigitsInput
          id="recharge-amount"
          ref={amountRef}
          className="input-amount"
          value={form.amount}
          onText={(text) => setForm({ amount: text.replace(/\D/g, '').slice(0, 6) })}
          onKeyDown={onAmountKey}
        />
      </Field>
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
              ₹{a}
            </button>
          ))}
        </div>
      )}

      {error && (
        <p role="alert" className="error-banner">
          {errorText(t, error.code, error.message)}
        </p>
      )}
      {problem && (form.number || form.amount) && (
        <p className="form-problem" role="status">
          {t(problem.key, (problem.field === 'amount' && problem.values) || {})}
        </p>
      )}
      <button type="button" className="button-primary button-large" disabled={!!problem || !online} onClick={confirm}>
        {t('recharge.next')} <kbd>{t('recharge.pressEnter')}</kbd>
      </button>

      {(step === 'confirming' || step === 'duplicate' || step === 'sending') && (
        <ConfirmDialog form={form} step={step} duplicateMessage={duplicateMessage} onSend={() => void send(desk)} onBack={back} />
      )}
    </section>
  );
}
