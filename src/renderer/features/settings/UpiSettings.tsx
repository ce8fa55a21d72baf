import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { isPayee, isVpa, looksPersonal, PAYEE_MAX, VPA_MAX } from '../../../shared/payment/upi-link';
import { useSettingsStore } from '../../stores/settings-store';

/** One box that saves when left, only when what it holds is valid (or empty: none). */
function UpiField({
  id,
  label,
  value,
  max,
  valid,
  hint,
  problem,
  warning,
  example,
  onSave,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  valid: (s: string) => boolean;
  hint: string;
  problem: string;
  warning?: (s: string) => string | null;
  /** A value of the right shape, shown as data (never translated) after the hint or the problem. */
  example?: string;
  onSave: (s: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const trimmed = text.trim();
  const ok = trimmed === '' || valid(trimmed);
  const warn = ok && trimmed !== '' ? (warning?.(trimmed) ?? null) : null;
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={text}
        maxLength={max}
        spellCheck={false}
        aria-invalid={!ok}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => ok && trimmed !== value && onSave(trimmed)}
      />
      <span id={`${id}-hint`} className={ok ? 'field-hint' : 'form-problem'} role={ok ? undefined : 'alert'}>
        {ok ? hint : problem}
        {example && (
          <>
            {' '}
            <code className="mono" translate="no">
              {example}
            </code>
          </>
        )}
      </span>
      {warn && (
        <p className="warning" role="note">
          <span aria-hidden="true">⚠ </span>
          {warn}
        </p>
      )}
    </div>
  );
}

/**
 * The shop's business UPI ID and the name on it (issue 30): the counter's QR asks customers to pay
 * there. A malformed ID is refused where it is typed (and by main); one that looks personal is
 * saved with a plain warning, since the bank may cap or flag a shop's payments to it.
 */
export function UpiSettings({ desk, upi }: { desk: DeskApi; upi: { vpa: string; payee: string } }) {
  const { t } = useTranslation();
  const update = useSettingsStore((s) => s.update);
  const stop = (e: FormEvent) => e.preventDefault();
  return (
    <form className="settings-card" onSubmit={stop} aria-labelledby="upi-title">
      <h3 id="upi-title">{t('pay.settingsTitle')}</h3>
      <UpiField
        id="upi-vpa"
        label={t('pay.vpa')}
        value={upi.vpa}
        max={VPA_MAX}
        valid={isVpa}
        hint={t('pay.vpaHint')}
        problem={t('pay.vpaBad')}
        warning={(s) => (looksPersonal(s) ? t('pay.vpaPersonal') : null)}
        example="sharmamobiles@icici"
        onSave={(vpa) => void update(desk, { upi: { vpa } })}
      />
      <UpiField
        id="upi-payee"
        label={t('pay.payee')}
        value={upi.payee}
        max={PAYEE_MAX}
        valid={isPayee}
        hint={t('pay.payeeHint')}
        problem={t('pay.payeeBad')}
        onSave={(payee) => void update(desk, { upi: { payee } })}
      />
    </form>
  );
}
