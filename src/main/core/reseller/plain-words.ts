/**
 * What a provider rejection means for the shopkeeper, in plain words. The provider's own message
 * is kept beside it in the ledger (the raw reply); these say what happened and what to do.
 */
const PLAIN: Readonly<Record<string, string>> = {
  // Two counters on one account see each other only here: the provider's duplicate window.
  '110':
    'Not sent: the provider refused it because this number got the same amount a few minutes ago, perhaps from another counter on this account. Nothing was charged. Check the history and ask the customer before sending again.',
};

export function rejectionInPlainWords(code: string | null, providerMessage: string): string {
  return (code && PLAIN[code]) || providerMessage || 'The provider refused the request.';
}
