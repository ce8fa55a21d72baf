import { useEffect, useRef, useState } from 'react';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { findOperator, type OperatorCategory } from '../../../shared/operators';

/**
 * Once a number is complete, looks up the operator of its last recharge (ported numbers make the
 * series a poor guess) and preselects it, unless the shopkeeper already chose one.
 */
export function useLastOperator(
  desk: DeskApi,
  number: string,
  category: OperatorCategory,
  preselect: (code: string) => void,
  chosen: () => string | null,
): string | null {
  const [last, setLast] = useState<string | null>(null);
  // Only a new number triggers a lookup, not a new callback on every render: the lookup reads
  // the latest callbacks when its answer arrives.
  const latest = useRef({ preselect, chosen });
  useEffect(() => {
    latest.current = { preselect, chosen };
  });
  const complete = category === 'mobile' ? number.length === 10 : number.length >= 6;
  useEffect(() => {
    setLast(null);
    if (!complete) return;
    let cancelled = false;
    void desk.txn.lastForNumber({ number }).then((r) => {
      if (cancelled || !r.ok || !r.data.txn) return;
      const code = r.data.txn.operator;
      if (findOperator(code)?.category !== category) return;
      setLast(code);
      if (!latest.current.chosen()) latest.current.preselect(code);
    });
    return () => {
      cancelled = true;
    };
  }, [desk, number, category, complete]);
  return last;
}
