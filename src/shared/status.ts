/**
 * Transaction statuses: the document's five, `Accepted` from the field notes, and the app's own
 * local states. A provider word we do not recognise becomes `Unknown`: never final, never a
 * failure, so it is resolved by a status check instead of being turned into a refund.
 */
export const PROVIDER_STATUSES = ['Success', 'Pending', 'Failure', 'Refunded', 'Error', 'Accepted'] as const;
export const LOCAL_STATUSES = ['Submitting', 'Unknown', 'NeedsAttention'] as const;
export const TXN_STATUSES = [...PROVIDER_STATUSES, ...LOCAL_STATUSES] as const;

export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
export type TxnStatus = (typeof TXN_STATUSES)[number];

/**
 * Final means no status check will change it by itself. Success is final for polling even though
 * a provider may later refund it: that arrives as a callback (which triggers a fresh check) or is
 * found by following an open complaint. NeedsAttention is deliberately not final: the money's fate
 * is still unknown.
 */
const FINAL: ReadonlySet<TxnStatus> = new Set<TxnStatus>(['Success', 'Failure', 'Refunded', 'Error']);

export function isFinal(status: TxnStatus): boolean {
  return FINAL.has(status);
}

const CANONICAL = new Map<string, ProviderStatus>(PROVIDER_STATUSES.map((s) => [s.toLowerCase(), s]));

export interface ParsedStatus {
  readonly status: ProviderStatus | 'Unknown';
  /** The provider's own word, kept for the event log and for support. */
  readonly raw: string;
}

/**
 * Maps any provider spelling to a canonical status. Only the documented words are recognised, in
 * any letter case: guessing at synonyms ("failed", "done") risks closing a transaction the
 * provider still holds open, which is how a shop loses money.
 */
export function parseProviderStatus(raw: unknown): ParsedStatus {
  const text = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : String(raw);
  const status = CANONICAL.get(text.trim().toLowerCase()) ?? 'Unknown';
  return { status, raw: text };
}
