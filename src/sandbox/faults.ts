import type { Faults } from './options';
import type { Rng } from './rng';

export type FaultAfter = 'none' | 'noReply' | 'resetAfter' | 'garbage' | 'htmlError';

export interface FaultPlan {
  readonly delayMs: number;
  /** A proxy answers 502 before the request reaches the provider. */
  readonly badGateway: boolean;
  /** A recharge call is turned away unprocessed (other calls ignore it). */
  readonly refuse: boolean;
  /** What goes wrong after the request was processed. */
  readonly after: FaultAfter;
}

const AFTER: readonly Exclude<FaultAfter, 'none'>[] = ['noReply', 'resetAfter', 'garbage', 'htmlError'];

/** Rolls the faults for one request; with every fraction at 0 it costs one comparison. */
export function planFaults(faults: Faults, rng: Rng): FaultPlan {
  const delayMs = faults.latencyMs + (faults.jitterMs > 0 ? Math.floor(rng() * faults.jitterMs) : 0);
  if (faults.badGateway > 0 && rng() < faults.badGateway) return { delayMs, badGateway: true, refuse: false, after: 'none' };
  if (faults.refuse > 0 && rng() < faults.refuse) return { delayMs, badGateway: false, refuse: true, after: 'none' };
  for (const kind of AFTER) {
    const p = faults[kind];
    if (p > 0 && rng() < p) return { delayMs, badGateway: false, refuse: false, after: kind };
  }
  return { delayMs, badGateway: false, refuse: false, after: 'none' };
}

export const BAD_GATEWAY_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
export const ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>504 Gateway Time-out</title></head><body><h1>Gateway Time-out</h1><p>The server did not answer in time.</p></body></html>';
export const GARBAGE_BODY = '{"status":"Succ\u0000ess","txn_id":';
