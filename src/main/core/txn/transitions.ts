import { isFinal, type ParsedStatus, type TxnStatus } from '../../../shared/status';

/**
 * The status a transaction takes when the provider reports one. The provider is the authority
 * on final outcomes (Success may become Refunded), but a non-final report never reopens a final
 * transaction, and a word we do not recognise changes nothing but Submitting into Unknown.
 */
export function nextStatus(current: TxnStatus, reported: ParsedStatus['status']): TxnStatus {
  if (reported === 'Unknown') return current === 'Submitting' ? 'Unknown' : current;
  if (isFinal(current) && !isFinal(reported)) return current;
  return reported;
}
