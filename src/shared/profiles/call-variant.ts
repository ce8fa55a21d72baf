import { findOperator } from '../operators';
import type { CallSpec } from './profile-v2';

export type RechargeKind = 'mobile' | 'dth';

/** What a variant is chosen by: the recharge's operator (ours) and its kind. */
export interface VariantFacts {
  readonly operator?: string;
  readonly kind?: RechargeKind;
}

/** A call as it is sent for one recharge: the call's own parts with its variant's laid over them. */
export type ResolvedCall = Omit<CallSpec, 'variants'> & { readonly variant: number | null };

/** The kind of a recharge is its operator's (operators.ts); without an operator, the kind given. */
export function kindOf(facts: VariantFacts): RechargeKind | undefined {
  return (facts.operator === undefined ? undefined : findOperator(facts.operator)?.category) ?? facts.kind;
}

/** The first variant whose `when` holds for these facts, or null: the call's own parts. */
export function variantIndex(call: CallSpec, facts: VariantFacts): number | null {
  const kind = kindOf(facts);
  const i = call.variants.findIndex(
    ({ when }) =>
      (when.kind === undefined || when.kind === kind) &&
      (when.operators === undefined || (facts.operator !== undefined && when.operators.includes(facts.operator))),
  );
  return i < 0 ? null : i;
}

/** The call's parts, each replaced where its variant names it. */
export function resolveCall(call: CallSpec, variant: number | null): ResolvedCall {
  const { variants, ...own } = call;
  const v = variant === null ? undefined : variants[variant];
  if (!v) return { ...own, variant: null };
  const { when: _when, ...parts } = v;
  const named = Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined));
  return { ...own, ...named, variant };
}
