import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { Report, WalletStatement } from '../../../shared/report-schemas';
import type { DayMoney } from '../../../shared/day-close-schemas';
import { asLanguage } from '../../../shared/language';
import { daySummaryText } from '../../../shared/words/day-summary';
import { fmtFor } from '../../../shared/words/word-kit';
import { errorText } from '../../i18n/setup';
import { Dialog } from '../../components/Dialog';

type Day = ResponseOf<'dayclose:get'>;
/** What the summary adds to the report already on screen: the day's money and close, the shop's name. */
type Loaded = { day: Day & { money: DayMoney }; shop: string };

/**
 * "Share the day's summary" for one day of the Reports screen: the text as it will be sent, to
 * copy or hand to WhatsApp. Amounts come only as main gives them: staff get none of an uncounted
 * day (issue 38), and then the summary says to count first instead.
 */
export function DaySummaryShare({ desk, report, wallet }: { desk: DeskApi; report: Report; wallet: WalletStatement | null }) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const date = report.from;
  useEffect(() => {
    if (loaded) copyButton.current?.focus();
  }, [loaded]);

  const open = async () => {
    setProblem(null);
    const [day, settings] = await Promise.all([desk.dayclose.get({ date }), desk.settings.get()]);
    if (!day.ok) return setProblem(errorText(t, day.error));
    const { money } = day.data;
    if (money === null) return setProblem(errorText(t, { code: 'count_first', params: { date } }));
    setNote(null);
    setLoaded({ day: { ...day.data, money }, shop: settings.ok ? settings.data.shop.name : '' });
  };
  const close = () => {
    setLoaded(null);
    opener.current?.focus();
  };
  // Worded at each render, so the text follows the screen's language.
  const text =
    loaded &&
    daySummaryText(lang, {
      date,
      shop: loaded.shop,
      totals: report.totals,
      payments: report.payments,
      money: loaded.day.money,
      close: loaded.day.closes.at(-1) ?? null,
      wallet: wallet?.readings.at(-1) ?? wallet?.opening ?? null,
    });
  const copy = async () => {
    if (!text) return;
    const r = await desk.clipboard.write({ text });
    setNote(r.ok ? t('reports.share.copied') : errorText(t, r.error));
  };
  return (
    <>
      <button ref={opener} type="button" className="button-secondary day-summary-open" onClick={() => void open()}>
        {t('reports.share.open')}
      </button>
      {problem && (
        <p role="alert" className="error-banner">
          {problem}
        </p>
      )}
      {text && (
        <Dialog titleId="day-summary-title" className="day-summary-dialog" onEscape={close}>
          <h2 id="day-summary-title">{t('reports.share.title', { date: fmtFor(lang).day(date) })}</h2>
          <p className="field-hint">{t('reports.share.hint')}</p>
          {/* The message as it leaves: data (the shop's name, figures), not the screen's words. */}
          <textarea
            readOnly
            translate="no"
            className="day-summary-text"
            aria-label={t('reports.share.text')}
            lang={lang}
            value={text}
            rows={text.split('\n').length}
          />
          {note && <p role="status">{note}</p>}
          <div className="dialog-actions">
            <button ref={copyButton} type="button" className="button-primary" onClick={() => void copy()}>
              {t('reports.share.copy')}
            </button>
            {/* No customer here: WhatsApp asks whom to send it to. */}
            <a className="button-secondary" href={`https://wa.me/?text=${encodeURIComponent(text)}`} target="_blank" rel="noreferrer">
              {t('reports.share.whatsapp')}
            </a>
            <button type="button" className="button-quiet" onClick={close}>
              {t('reports.share.close')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
