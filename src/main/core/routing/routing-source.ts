import type { RoutingRules } from '../../../shared/routing/routing-schema';

/**
 * Where the session reads the routing rules from (issue 29). The store of `routing.json` is one
 * source; a fixed set of rules (tests, routing off) is another. `rules()` is read at every
 * decision, so a saved change takes effect with the next recharge; `onChange` tells the session
 * that per-account clients may have to be opened or closed. Answers a function that unsubscribes.
 */
export interface RoutingSource {
  rules(): RoutingRules;
  onChange(cb: () => void): () => void;
}

/** Rules that never change: tests, and the one account of Settings with routing off. */
export function fixedRouting(rules: RoutingRules | (() => RoutingRules)): RoutingSource {
  const read = typeof rules === 'function' ? rules : () => rules;
  return { rules: read, onChange: () => () => undefined };
}
