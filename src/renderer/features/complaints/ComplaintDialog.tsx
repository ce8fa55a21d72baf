import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { TxnView } from '../../../shared/ipc/txn-schemas';
import { MAX_COMPLAINT_REASON_CHARS } from '../../../shared/field-limits';
import { groupForReading } from '../../../shared/subscriber-number';
import { errorText } from '../../i18n/setup';
import { Money } from '../../components/Money';
import { Dialog } from '../../components/Dialog';
import { PRESETS, PROVIDER_TEXT, type Preset } from './complaint-reasons';

const MAX = MAX_COMPLAINT_REASON_CHARS;

/** Raise a complaint: a preset reason plus optional words, validated before anything is sent. */
export function ComplaintDialog({ desk, txn, onClose }: { desk: DeskApi; txn: TxnView; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<Preset>('not_received');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [complainId, setComplainId] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const reason = preset === 'other' ? details.trim() : [PROVIDER_TEXT[preset], details.trim()].filter(Boolean).join(': ');
  const problem =
    preset === 'other' && !details.trim() ? t('complaint.needWords') : reason.length > MAX ? t('complaint.tooLong', { max: MAX }) : null;
  const submit = async () => {
    if (problem || busy) return;
    setBusy(true);
    const r = await desk.complaint.create({ refId: txn.refId, reason });
    setBusy(false);
    if (r.ok) setComplainId(r.data.complaint.complainId);
    else setError(errorText(t, r.error));
  };
  return (
    <Dialog titleId="complaint-title" onEscape={() => onClose(complainId !== null)}>
      <h2 id="complaint-title">{t('complaint.title')}</h2>
      <p>
        {groupForReading(txn.number)} · <Money value={txn.amount} /> · <span translate="no">{txn.txnId}</span>
      </p>
      {complainId ? (
        <>
          <p role="status" className="complaint-done">
            <span aria-hidden="true">✓ </span>
            {t('complaint.registered')}{' '}
            <span className="mono" translate="no">
              {complainId}
            </span>
          </p>
          <div className="dialog-actions">
            <button type="button" className="button-primary" onClick={() => onClose(true)} autoFocus>
              {t('complaint.close')}
            </button>
          </div>
        </>
      ) : (
        <>
          <fieldset className="complaint-reasons">
            <legend>{t('complaint.reason')}</legend>
            {PRESETS.map((p, i) => (
              <label key={p}>
                <input ref={i === 0 ? first : undefined} type="radio" name="reason" checked={preset === p} onChange={() => setPreset(p)} />{' '}
                {t(`complaint.preset.${p}`)}
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span className="field-label">{t('complaint.details')}</span>
            <textarea value={details} onChange={(e) => setDetails(e.target.value)} rows={3} maxLength={MAX + 50} />
          </label>
          {(problem || error) && (
            <p role="alert" className="error-banner">
              {error ?? problem}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button-secondary" onClick={() => onClose(false)}>
              {t('confirm.back')}
            </button>
            <button type="button" className="button-primary" onClick={() => void submit()} disabled={!!problem || busy}>
              {busy ? t('confirm.sending') : t('complaint.send')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
