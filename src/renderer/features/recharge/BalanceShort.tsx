import { useTranslation } from 'react-i18next';
import { isPlausibleBalance, paise } from '../../../shared/money';
import { errorText } from '../../i18n/setup';
import { useBalanceStore } from '../../stores/balance-store';

/**
 * The amount typed is more than the wallet as last known: said at once, in the same words the
 * core refuses with on Send (which still decides). No balance known, or an implausible one: no claim.
 */
export function BalanceShort({ amount }: { amount: string }) {
  const { t } = useTranslation();
  const wallet = useBalanceStore((s) => s.balance?.buyer ?? null);
  if (wallet === null || !isPlausibleBalance(wallet) || !/^\d+$/.test(amount)) return null;
  const asked = Number(amount) * 100;
  if (!Number.isSafeInteger(asked) || asked <= wallet) return null;
  return (
    <p className="error-banner balance-short" role="alert">
      {errorText(t, { code: 'insufficient_balance', params: { wallet: paise(wallet), amount: paise(asked) } })}
    </p>
  );
}
