import { builtinEngine } from '../../src/shared/profiles/builtin-profiles';
import type { ProviderFields } from '../../src/shared/provider-fields';

/** A recharge reply read as the built-in document profile reads it: typed fields, or null when it is no reply. */
export function readDocumentReply(body: string): ProviderFields | null {
  return builtinEngine().read('recharge', body)?.fields ?? null;
}

/** The profile's verdict that the provider did not carry the request out. */
export function isNotProcessed(body: string): boolean {
  return builtinEngine().read('recharge', body)?.meaning === 'not_processed';
}
