import { useEffect, useState } from 'react';
import type { DeskApi } from '../../../shared/ipc/desk-api';

/** The customer's due now, read from the khata once `moved` (the sale moved it); null until read. */
export function useDue(desk: DeskApi, number: string, moved: boolean): number | null {
  const [due, setDue] = useState<number | null>(null);
  useEffect(() => {
    if (!moved) return;
    let live = true;
    void desk.khata.get({ number, lines: 0 }).then((r) => live && r.ok && setDue(r.data.due));
    return () => {
      live = false;
    };
  }, [desk, number, moved]);
  return due;
}
