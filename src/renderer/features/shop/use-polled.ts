import { useEffect, useState } from 'react';
import type { IpcError, Result } from '../../../shared/result';

/** How often a whole-shop view asks again: other counters' records arrive by the shop ledger, not as events here. */
const EVERY_MS = 5000;

/**
 * Asks `ask` now and every few seconds while shown (null: asks nothing), keeping the last answer or
 * its error. `ask` should be stable (useCallback) so that a new one means a new question.
 */
export function usePolled<T>(ask: (() => Promise<Result<T>>) | null): { data: T | null; problem: IpcError | null } {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<IpcError | null>(null);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    const load = () =>
      void ask().then((res) => {
        if (!live) return;
        setData(res.ok ? res.data : null);
        setProblem(res.ok ? null : res.error);
      });
    load();
    const timer = setInterval(load, EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [ask]);
  return { data, problem };
}
