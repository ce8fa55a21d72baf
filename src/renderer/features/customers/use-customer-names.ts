import { useEffect, useState } from 'react';
import type { DeskApi } from '../../../shared/ipc/desk-api';

/**
 * Names for the numbers on screen, asked for the ones not asked yet. A name saved while the
 * screen is open shows the next time it opens: the screen is short-lived, the book rarely changes.
 */
export function useCustomerNames(desk: DeskApi, numbers: readonly string[]): ReadonlyMap<string, string> {
  const [names, setNames] = useState<{ asked: ReadonlySet<string>; found: ReadonlyMap<string, string> }>({
    asked: new Set(),
    found: new Map(),
  });
  const missing = [...new Set(numbers)].filter((n) => !names.asked.has(n));
  const key = missing.join(',');
  useEffect(() => {
    if (key === '') return;
    const ask = key.split(',');
    let cancelled = false;
    void desk.customer.names({ numbers: ask.slice(0, 500) }).then((r) => {
      if (cancelled || !r.ok) return;
      setNames((prev) => ({
        asked: new Set([...prev.asked, ...ask]),
        found: new Map([...prev.found, ...r.data.items.map((i): [string, string] => [i.number, i.name])]),
      }));
    });
    return () => {
      cancelled = true;
    };
  }, [desk, key]);
  return names.found;
}
