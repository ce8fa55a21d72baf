import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';

type Route = ResponseOf<'recharge:route'>;

/** The accounts that may take this recharge now, in the owner's order (routing off: none to show). */
export function candidatesOf(route: Route | null): { account: string; name: string }[] {
  if (!route?.enabled) return [];
  return route.steps.filter((s) => s.skipped === null).map(({ account, name }) => ({ account, name }));
}

/** Asks which account would take this recharge, as the confirmation opens. */
export function useRoute(desk: DeskApi, operator: string | null, amount: string): Route | null {
  const [route, setRoute] = useState<Route | null>(null);
  useEffect(() => {
    let live = true;
    const rupees = Number(amount);
    if (!operator || !Number.isInteger(rupees) || rupees <= 0) return;
    void desk.recharge.route({ operator, amount: rupees }).then((r) => {
      if (live && r.ok) setRoute(r.data);
    });
    return () => {
      live = false;
    };
  }, [desk, operator, amount]);
  return route;
}

/**
 * Which provider account will send it (issue 29), and the key that picks the next one. With
 * routing off nothing is shown: one account, as before.
 */
export function AccountChoice({ route, picked }: { route: Route | null; picked: string | null }) {
  const { t } = useTranslation();
  const candidates = candidatesOf(route);
  if (!route?.enabled) return null;
  if (candidates.length === 0)
    return (
      <p role="alert" className="warning">
        <span aria-hidden="true">⚠ </span>
        {t('confirm.noAccount')}
      </p>
    );
  const chosen = candidates.find((c) => c.account === picked) ?? candidates[0]!;
  return (
    <p className="confirm-account" data-account={chosen.account}>
      {t('confirm.account', { name: chosen.name })}
      {candidates.length > 1 && (
        <span className="keys-hint">
          {' · '}
          <kbd translate="no">A</kbd> {t('confirm.accountKey')}
        </span>
      )}
    </p>
  );
}
