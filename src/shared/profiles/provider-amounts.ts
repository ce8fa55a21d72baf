import type { Profile } from './profile-v2';

/** A provider's least and greatest recharge per operator, in rupees (its document's limits; issue 36 item 6). */
export type ProviderAmounts = Profile['limits']['amounts'];

/** The range this provider takes for the operator, or null when its profile sets none. */
export function providerRange(amounts: ProviderAmounts, operator: string): { min: number; max: number } | null {
  return (amounts as Readonly<Record<string, { min: number; max: number } | undefined>> | undefined)?.[operator] ?? null;
}

/** Whether the provider takes this amount for the operator: the counter's refusal and the route's skip read this one rule. */
export function providerTakes(amounts: ProviderAmounts, operator: string, rupees: number): boolean {
  const range = providerRange(amounts, operator);
  return range === null || (rupees >= range.min && rupees <= range.max);
}
