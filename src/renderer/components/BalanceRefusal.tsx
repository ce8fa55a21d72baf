import { useBalanceStore } from '../stores/balance-store';
import { refusedByProvider } from '../stores/balance-refusal';
import { ErrorBanner } from './ErrorBanner';

/** The provider's no to the last balance request, in full, across the window under the nav. */
export function BalanceRefusal() {
  const refused = useBalanceStore(refusedByProvider);
  return <ErrorBanner error={refused} className="wide" />;
}
