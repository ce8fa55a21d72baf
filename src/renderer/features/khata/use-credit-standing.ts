import { useEffect, useState } from 'react';
import type { DeskApi } from '../../../shared/ipc/desk-api';

/** What a number owes and may owe, paise: read when the confirmation opens, for the credit-limit warning. */
export interface CreditStanding {
  readonly number: string;
  readonly due: number;
  readonly limit: number;
}

/**
 * The khata's due and limit of the number on the confirmation, read once it opens (not per key:
 * choosing credit must show the warning at once). Null until read, or when it cannot be.
 */
export function useCreditStanding(desk: DeskApi, number: string, open: boolean): CreditStanding | null {
  const [standing, setStanding] = useState<CreditStanding | null>(null);
  useEffect(() => {
    if (!open || !/^\d{6,12}$/.test(number)) return;
    let live = true;
    void desk.khata.get({ number, lines: 0 }).then((r) => {
      if (live && r.ok) setStanding({ number, due: r.data.due, limit: r.data.limit });
    });
    return () => {
      live = false;
    };
  }, [desk, number, open]);
  return standing?.number === number ? standing : null;
}

/** The limit is passed when the due with this sale's credit part would be above it. */
export function overLimit(standing: CreditStanding | null, credit: number): boolean {
  return standing !== null && credit > 0 && standing.due + credit > standing.limit;
}
