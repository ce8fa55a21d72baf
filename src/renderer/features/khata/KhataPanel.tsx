import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { KhataView, StatementLine } from '../../../shared/khata/khata-schemas';
import type { Result } from '../../../shared/result';
import { errorText } from '../../i18n/setup';
import { useFormat } from '../../hooks/use-format';
import { PayForm } from './PayForm';
import { StatementTable } from './StatementTable';
import { CorrectLine } from './CorrectLine';
import { Reminder } from './Reminder';
import { StatementDialog } from './StatementDialog';
import { CustomerTerms } from './CustomerTerms';

/** Answers after which the correction form asks the owner's PIN (or asks it again). */
const OWNER_WORD_CODES: readonly string[] = ['khata_correction_needs_owner', 'owner_pin_wrong', 'pin_wait'];

/**
 * One customer's khata on the customer screen: what they owe against their limit, a payment taken,
 * the statement with the due after every line (a line corrected by a new entry), reminders.
 */
export function KhataPanel({ desk, number, onChanged }: { desk: DeskApi; number: string; onChanged?: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [view, setView] = useState<KhataView | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [correcting, setCorrecting] = useState<StatementLine | null>(null);
  // Main answered that this correction needs the owner: the form asks the owner's PIN in place.
  const [askOwner, setAskOwner] = useState(false);
  const [printing, setPrinting] = useState(false);
  const statementHead = useRef<HTMLHeadingElement>(null);
  // The correction form leaves with the focus in it: the shopkeeper goes on from the statement, not from the page's top.
  const closeCorrection = () => {
    setCorrecting(null);
    setAskOwner(false);
    requestAnimationFrame(() => statementHead.current?.focus());
  };
  // Every change of the due: a reminder written before it is stale.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void desk.khata.get({ number }).then((r) => (r.ok ? setView(r.data) : setMessage({ ok: false, text: errorText(t, r.error) })));
  }, [desk, number, t]);
  const apply = useCallback(
    (r: Result<KhataView>, done?: (v: KhataView) => string): boolean => {
      if (!r.ok) {
        setMessage({ ok: false, text: errorText(t, r.error) });
        return false;
      }
      setView(r.data);
      setVersion((v) => v + 1);
      setMessage(done ? { ok: true, text: done(r.data) } : null);
      onChanged?.();
      return true;
    },
    [t, onChanged],
  );
  if (!view) return message ? <p role="alert">{message.text}</p> : null;
  const pay = async (rupees: number, method: 'cash' | 'upi') =>
    apply(await desk.khata.pay({ number, rupees, method }), (v) =>
      t('khata.pay.taken', { amount: f.money(rupees * 100), due: f.money(v.due) }),
    );
  const correct = async (line: StatementLine, rupees: number, ownerPin?: string) => {
    const r = await desk.khata.correct({ number, id: line.id, refId: line.id === null ? line.refId : null, rupees, ownerPin });
    if (!r.ok && OWNER_WORD_CODES.includes(r.error.code)) setAskOwner(true);
    const ok = apply(r, (v) => t('khata.correct.done', { due: f.money(v.due) }));
    if (ok) closeCorrection();
  };
  return (
    <section className="khata-panel" aria-labelledby="khata-title">
      <h3 id="khata-title">{t('khata.title')}</h3>
      <p className="khata-standing">
        <strong className={view.due > 0 ? 'khata-due tone-warn' : 'khata-due'}>
          {view.due > 0
            ? t('khata.due', { amount: f.money(view.due) })
            : view.due < 0
              ? t('khata.advance', { amount: f.money(-view.due) })
              : t('khata.clear')}
        </strong>{' '}
        <span className="field-hint">
          {t('khata.limit', { amount: f.money(view.limit) })} {view.ownLimit === null && t('khata.limitDefault')}
        </span>
      </p>
      {view.shopSeenAt !== undefined && (
        <p className="field-hint khata-shop-seen">
          {view.shopSeenAt === null ? t('khata.shopNotSeen') : t('khata.shopSeen', { time: f.dateTime(view.shopSeenAt) })}
        </p>
      )}
      {view.due > 0 && <PayForm number={view.number} onPay={pay} />}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'tone-good' : 'error-banner'}>
          {message.text}
        </p>
      )}
      <h4 ref={statementHead} tabIndex={-1}>
        {t('khata.statement.title')}
      </h4>
      {correcting && (
        <CorrectLine
          key={correcting.id ?? correcting.refId}
          line={correcting}
          askOwner={askOwner}
          onSave={(r, pin) => void correct(correcting, r, pin)}
          onCancel={closeCorrection}
        />
      )}
      <StatementTable
        lines={view.lines}
        onCorrect={(line) => {
          setAskOwner(false);
          setCorrecting(line);
        }}
      />
      {view.lines.length > 0 && (
        <button type="button" className="button-secondary" onClick={() => setPrinting(true)}>
          {t('khata.statement.print')}
        </button>
      )}
      {view.due > 0 && <Reminder desk={desk} number={number} version={version} />}
      <CustomerTerms
        view={view}
        onLimit={(rupees) => void desk.khata.setLimit({ number, rupees }).then((r) => apply(r))}
        onLang={(lang) => void desk.khata.setLang({ number, lang }).then((r) => apply(r))}
      />
      {printing && <StatementDialog desk={desk} view={view} onClose={() => setPrinting(false)} />}
    </section>
  );
}
