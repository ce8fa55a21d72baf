import type { IpcError } from '../../shared/result';
import type { BalanceState } from './balance-store';

/** The provider answered the last balance request and said no (not an outage, which has its own state). */
export function refusedByProvider(s: Pick<BalanceState, 'online' | 'error'>): IpcError | null {
  return s.online && s.error && s.error.code !== 'provider_unreachable' ? s.error : null;
}
