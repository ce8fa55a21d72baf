import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { formatInr, paise } from '../../../shared/money';
import { useUpiStore } from '../../stores/upi-store';
import { UpiWaitingList } from '../tray/UnreceivedUpi';

/**
 * UPI sales still not marked received, named on the close: each is missing from the UPI expected,
 * so the UPI app will show more than the counter knows until it is marked. The list opens here,
 * and a mark changes the day's figures (`onMarked`).
 */
export function UpiWaitingNote({
  desk,
  waiting,
  onMarked,
}: {
  desk: DeskApi;
  waiting: { count: number; amount: number };
  onMarked: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const load = useUpiStore((s) => s.load);
  if (waiting.count === 0) return null;
  return (
    <div className="close-day-upi-waiting">
      <p className="warning">
        {t('closeDay.upiWaiting', { count: waiting.count, amount: formatInr(paise(waiting.amount)) })}{' '}
        <button
          type="button"
          className="button-quiet"
          aria-expanded={open}
          onClick={() => {
            if (!open) void load(desk);
            setOpen(!open);
          }}
        >
          {open ? t('closeDay.upiWaitingHide') : t('closeDay.upiWaitingShow')}
        </button>
      </p>
      {open && <UpiWaitingList desk={desk} onMarked={onMarked} />}
    </div>
  );
}
