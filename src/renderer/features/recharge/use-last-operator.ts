import { useEffect, useRef, useState, type RefObject } from 'react';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import { findOperator, type OperatorCategory } from '../../../shared/operators';

export interface LastOperator {
  last: string | null;
  /** The same operator when that last recharge succeeded: the number is its known customer. */
  succeeded: string | null;
  /** True from a complete number until its lookup has answered. */
  pending: RefObject<boolean>;
}

/**
 * Once a number is complete, looks up the operator of its last recharge (ported numbers make the
 * series a poor guess) and preselects it, unless the shopkeeper already chose one. `settled` runs
 * when the lookup has answered (or was dropped), so keys typed meanwhile can be placed.
 */
export function useLastOperator(
  desk: DeskApi,
  number: string,
  category: OperatorCategory,
  preselect: (code: string) => void,
  chosen: () => string | null,
  settled: () => void = () => {},
): LastOperator {
  const [last, setLast] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState<string | null>(null);
  const pending = useRef(false);
  // Only a new number triggers a lookup, not a new callback on every render: the lookup reads
  // the latest callbacks when its answer arrives.
  const latest = useRef({ preselect, chosen, settled });
  useEffect(() => {
    latest.current = { preselect, chosen, settled };
  });
  const complete = category === 'mobile' ? number.length === 10 : number.length >= 6;
  useEffect(() => {
    setLast(null);
    setSucceeded(null);
    if (!complete) return;
    let cancelled = false;
    pending.current = true;
    void desk.txn.lastForNumber({ number }).then((r) => {
      if (cancelled) return;
      pending.current = false;
      const code = r.ok && r.data.txn ? r.data.txn.operator : null;
      if (code && findOperator(code)?.category === category) {
        setLast(code);
        if (r.ok && r.data.txn?.status === 'Success') setSucceeded(findOperator(code)!.code);
        if (!latest.current.chosen()) latest.current.preselect(code);
      }
      latest.current.settled();
    });
    return () => {
      cancelled = true;
      pending.current = false;
    };
  }, [desk, number, category, complete]);
  return { last, succeeded, pending };
}
