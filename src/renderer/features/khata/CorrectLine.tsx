import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementLine } from '../../../shared/khata/khata-schemas';
import { useFormat } from '../../hooks/use-format';
import { dateAt } from '../customers/due-date';
import { lineWhat } from './khata-lines';

/**
 * What a statement line should have been: the panel writes the difference as a correction naming it.
 * When main answers that the correction needs the owner, the owner's PIN is asked here, in the same
 * form (main checks it; the form only carries it).
 */
export function CorrectLine({
  line,
  askOwner,
  onSave,
  onCancel,
}: {
  line: StatementLine;
  askOwner: boolean;
  onSave: (rupees: number, ownerPin?: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  return (
    <form
      className="khata-correct"
      aria-labelledby="khata-correct-title"
      onSubmit={(e) => {
        e.preventDefault();
        // Not digits: sent as -1 so the service refuses it in words.
        onSave(/^\d+$/.test(amount) ? Number(amount) : -1, askOwner && pin ? pin : undefined);
      }}
    >
      <h4 id="khata-correct-title">
        {t('khata.correct.title')}: {f.dayMonth(dateAt(line.date))} · {lineWhat(line, t)} · {f.money(Math.abs(line.delta))}
      </h4>
      <p className="field-hint">{t('khata.correct.hint')}</p>
      <label className="filter">
        <span>{t('khata.correct.amount')}</span>
        <input id="khata-correct-amount" inputMode="numeric" autoFocus value={amount} onChange={(e) => setAmount(e.target.value.trim())} />
      </label>
      {askOwner && (
        <label className="filter">
          <span>{t('khata.correct.ownerPin')}</span>
          <input
            id="khata-correct-owner-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            value={pin}
            onChange={(e) => setPin(e.target.value.trim())}
          />
        </label>
      )}
      <button type="submit" className="button-primary">
        {t('khata.correct.save')}
      </button>
      <button type="button" className="button-quiet" onClick={onCancel}>
        {t('khata.correct.cancel')}
      </button>
    </form>
  );
}
