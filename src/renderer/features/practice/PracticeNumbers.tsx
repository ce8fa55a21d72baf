import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { PracticeNumber } from '../../../shared/practice-numbers';

/**
 * Demo mode's practice numbers on screen: any 10-digit number ending in one of these plays that
 * outcome, so a trainee can try a failure, a late refund or a stuck recharge on purpose.
 */
export function PracticeNumbers({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const [numbers, setNumbers] = useState<PracticeNumber[]>([]);
  useEffect(() => {
    let live = true;
    void desk.app.practice().then((r) => live && r.ok && setNumbers(r.data.numbers));
    return () => {
      live = false;
    };
  }, [desk]);
  if (numbers.length === 0) return null;
  return (
    <details className="practice" open>
      <summary>{t('practice.title')}</summary>
      <p className="field-hint">{t('practice.hint')}</p>
      <ul>
        {numbers.map((n) => (
          <li key={n.ending}>
            <span className="mono" translate="no">
              …{n.ending}
            </span>{' '}
            {t(`practice.plays.${n.plays}`)}
          </li>
        ))}
      </ul>
    </details>
  );
}
