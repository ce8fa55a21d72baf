import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { errorText } from '../../i18n/setup';

/** The due as a message in the customer's language: a WhatsApp link, and the same text to copy. */
export function Reminder({ desk, number, version }: { desk: DeskApi; number: string; version: number }) {
  const { t } = useTranslation();
  const [made, setMade] = useState<{ version: number; r: ResponseOf<'khata:reminder'> } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const make = async () => {
    setNote(null);
    const r = await desk.khata.reminder({ number });
    if (r.ok) setMade({ version, r: r.data });
    else setNote(errorText(t, r.error));
  };
  const copy = async () => {
    if (!made) return;
    const r = await desk.clipboard.write({ text: made.r.text.slice(0, 2000) });
    setNote(r.ok ? t('khata.reminder.copied') : errorText(t, r.error));
  };
  // A payment or correction since it was written: the due in it is old, write it again.
  const current = made && made.version === version ? made.r : null;
  return (
    <section className="khata-reminder" aria-labelledby="khata-reminder-title">
      <h4 id="khata-reminder-title">{t('khata.reminder.title')}</h4>
      <button type="button" className="button-secondary" onClick={() => void make()}>
        {t('khata.reminder.make')}
      </button>
      {current && (
        <>
          <textarea readOnly className="khata-reminder-text" lang={current.lang} value={current.text} rows={4} />
          <a className="button-secondary" href={current.whatsappUrl} target="_blank" rel="noreferrer">
            {t('khata.reminder.whatsapp')}
          </a>
          <button type="button" className="button-quiet" onClick={() => void copy()}>
            {t('khata.reminder.copy')}
          </button>
        </>
      )}
      {note && <p role="status">{note}</p>}
    </section>
  );
}
