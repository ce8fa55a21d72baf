import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Latin } from '../../components/Latin';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { ReceiptPaper } from '../../../shared/settings-schema';
import { GSTIN_PATTERN, RECEIPT_PAPERS, SETTING_TEXT_MAX } from '../../../shared/field-limits';
import { useSettingsStore } from '../../stores/settings-store';
import { PrinterSettings } from './PrinterSettings';
import { errorText } from '../../i18n/setup';
import { CUSTOMER_TEXT_MAX, customerTextProblem, type CustomerTextField } from '../../../shared/customer-text';

type Shop = ResponseOf<'settings:get'>['shop'];

function TextSetting({
  label,
  hint,
  value,
  max,
  valid,
  problem,
  onSave,
}: {
  label: string;
  hint?: ReactNode;
  value: string;
  max: number;
  valid?: (s: string) => boolean;
  /** Why the text cannot be saved, in words, or null: said under the box as it is typed. */
  problem?: (s: string) => string | null;
  onSave: (s: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const said = problem?.(text.trim()) ?? null;
  const ok = said === null && (!valid || text === '' || valid(text));
  const shown = said ?? hint;
  return (
    <label className="filter">
      <span>{label}</span>
      <input
        value={text}
        maxLength={max}
        aria-invalid={!ok}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => ok && text.trim() !== value && onSave(text.trim())}
      />
      {shown && (
        <span className={ok ? 'field-hint' : 'form-problem'} role={said ? 'alert' : undefined}>
          {shown}
        </span>
      )}
    </label>
  );
}

/** What receipts say about the shop and how they are printed; each change is saved as made. */
export function ShopSettings({ desk, shop }: { desk: DeskApi; shop: Shop }) {
  const { t } = useTranslation();
  const update = useSettingsStore((s) => s.update);
  const save = (patch: Partial<Shop>) => void update(desk, { shop: patch });
  const stop = (e: FormEvent) => e.preventDefault();
  // The core's own rule and words, said as the owner types; the core refuses the same on save.
  const refusal = (field: CustomerTextField, s: string) => {
    const why = customerTextProblem(field, s);
    return why && errorText(t, { code: 'customer_text_refused', params: { field, problem: why, max: CUSTOMER_TEXT_MAX[field] } });
  };
  return (
    <form className="settings-card" onSubmit={stop} aria-labelledby="shop-title">
      <h3 id="shop-title">{t('shop.title')}</h3>
      <TextSetting
        label={t('shop.name')}
        value={shop.name}
        max={SETTING_TEXT_MAX.shopText}
        problem={(s) => refusal('shopName', s)}
        onSave={(name) => save({ name })}
      />
      <TextSetting
        label={t('shop.address')}
        value={shop.address}
        max={SETTING_TEXT_MAX.shopText}
        problem={(s) => refusal('shopAddress', s)}
        onSave={(address) => save({ address })}
      />
      <TextSetting
        label={t('shop.gstin')}
        hint={<Latin k="shop.gstinHint" />}
        value={shop.gstin}
        max={SETTING_TEXT_MAX.gstin}
        valid={(s) => GSTIN_PATTERN.test(s.toUpperCase())}
        onSave={(gstin) => save({ gstin: gstin.toUpperCase() })}
      />
      <label className="filter">
        <span>{t('shop.paper')}</span>
        <select
          value={shop.paper}
          onChange={(e) => save({ paper: RECEIPT_PAPERS.find((p) => p === e.target.value) ?? ('80mm' satisfies ReceiptPaper) })}
        >
          {RECEIPT_PAPERS.map((p) => (
            <option key={p} value={p}>
              {t(`receipt.papers.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={shop.maskNumber} onChange={(e) => save({ maskNumber: e.target.checked })} /> {t('shop.maskNumber')}
      </label>
      <label>
        <input type="checkbox" checked={shop.showCommission} onChange={(e) => save({ showCommission: e.target.checked })} />{' '}
        {t('shop.showCommission')}
      </label>
      <PrinterSettings desk={desk} shop={shop} save={save} />
    </form>
  );
}
