import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATORS } from '../../../../shared/operators';
import { OperatorSelect } from '../../../components/OperatorSelect';
import type { AmountMatch, RouteEntry, RoutingRules } from '../../../../shared/routing/routing-schema';
import { addEntry, amountsOfKind, changeEntry, listOf, moveEntry, removeEntry, wholeOf } from './routing-draft';

interface Props {
  draft: RoutingRules;
  onDraft: (rules: RoutingRules) => void;
}

/** One operator's route at a time (it fits the screen): its accounts in order, each with amounts and a cap. */
export function RoutingRoutes({ draft, onDraft }: Props) {
  const { t } = useTranslation();
  const [operator, setOperator] = useState(OPERATORS[0]!.code);
  const route = draft.routes[operator] ?? [];
  return (
    <fieldset className="routing-routes">
      <legend>{t('routing.routes')}</legend>
      <OperatorSelect id="routing-operator" label={t('routing.operator')} value={operator} onChange={setOperator} />
      <table className="report-table routing-table">
        <thead>
          <tr>
            <th scope="col">{t('routing.order')}</th>
            <th scope="col">{t('routing.account')}</th>
            <th scope="col">{t('routing.amounts')}</th>
            <th scope="col">{t('routing.cap')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('routing.order')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {route.map((entry, i) => (
            // Keyed by operator and place: moving an entry re-reads its typed amounts from the rules.
            <EntryRow key={`${operator}-${i}-${route.length}`} {...{ draft, onDraft, operator, entry, i, last: i === route.length - 1 }} />
          ))}
        </tbody>
      </table>
      <div className="details-actions">
        <button type="button" className="button-secondary" disabled={route.length >= 20} onClick={() => onDraft(addEntry(draft, operator))}>
          {t('routing.addEntry')}
        </button>
      </div>
    </fieldset>
  );
}

function EntryRow({ draft, onDraft, operator, entry, i, last }: Props & { operator: string; entry: RouteEntry; i: number; last: boolean }) {
  const { t } = useTranslation();
  const change = (c: Partial<RouteEntry>) => onDraft(changeEntry(draft, operator, i, c));
  const kind = entry.amounts?.kind ?? 'all';
  const limits = OPERATORS.find((o) => o.code === operator) ?? { minAmount: 1, maxAmount: 10_000 };
  return (
    <tr>
      <td>{i + 1}</td>
      <td>
        <select aria-label={t('routing.account')} value={entry.account} onChange={(e) => change({ account: e.target.value })}>
          {draft.accounts.map((a) => (
            <option key={a.id} value={a.id} translate="no">
              {a.name}
            </option>
          ))}
        </select>
      </td>
      <td>
        <div className="routing-amounts">
          <select
            aria-label={t('routing.amounts')}
            value={kind}
            onChange={(e) => change({ amounts: amountsOfKind(e.target.value as 'all' | AmountMatch['kind'], entry.amounts, limits) })}
          >
            <option value="all">{t('routing.amountsAll')}</option>
            <option value="list">{t('routing.amountsList')}</option>
            <option value="range">{t('routing.amountsRange')}</option>
          </select>
          {entry.amounts?.kind === 'list' && (
            <TypedInput
              label={t('routing.amountsListLabel')}
              numeric={false}
              initial={entry.amounts.amounts.join(', ')}
              onText={(v) => change({ amounts: { kind: 'list', amounts: listOf(v) } })}
            />
          )}
          {entry.amounts?.kind === 'range' && (
            <RangeInputs range={entry.amounts} onChange={(min, max) => change({ amounts: { kind: 'range', min, max } })} />
          )}
        </div>
      </td>
      <td>
        <TypedInput
          label={t('routing.cap')}
          initial={entry.dailyCapRupees === undefined ? '' : String(entry.dailyCapRupees)}
          onText={(v) => change({ dailyCapRupees: v.trim() === '' ? undefined : wholeOf(v) })}
        />
      </td>
      <td className="routing-row-actions">
        {(
          [
            ['routing.up', '↑', i === 0, () => moveEntry(draft, operator, i, -1)],
            ['routing.down', '↓', last, () => moveEntry(draft, operator, i, 1)],
            ['routing.remove', '✕', false, () => removeEntry(draft, operator, i)],
          ] as const
        ).map(([label, sign, disabled, next]) => (
          <button
            key={label}
            type="button"
            className="button-quiet"
            aria-label={t(label)}
            disabled={disabled}
            onClick={() => onDraft(next())}
          >
            {sign}
          </button>
        ))}
      </td>
    </tr>
  );
}

/** A field kept as typed (a stray "-" or "," stays on screen); each change is read into the rules. */
function TypedInput({
  label,
  initial,
  numeric = true,
  onText,
}: {
  label: string;
  initial: string;
  numeric?: boolean;
  onText: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <input
      className={numeric ? 'routing-number' : undefined}
      aria-label={label}
      inputMode={numeric ? 'numeric' : undefined}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onText(e.target.value);
      }}
    />
  );
}

function RangeInputs({ range, onChange }: { range: { min: number; max: number }; onChange: (min: number, max: number) => void }) {
  const { t } = useTranslation();
  const [min, setMin] = useState(String(range.min));
  const [max, setMax] = useState(String(range.max));
  return (
    <>
      <TypedInput
        label={t('routing.from')}
        initial={min}
        onText={(v) => {
          setMin(v);
          onChange(wholeOf(v), wholeOf(max));
        }}
      />
      <TypedInput
        label={t('routing.to')}
        initial={max}
        onText={(v) => {
          setMax(v);
          onChange(wholeOf(min), wholeOf(v));
        }}
      />
    </>
  );
}
