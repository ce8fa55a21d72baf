/**
 * How long the reseller client waits for a recharge reply before calling the outcome unknown
 * (the core's DEFAULT_TIMEOUTS.totalMs). The counter screen uses it to say, at that moment, that
 * the outcome will be checked rather than let the shopkeeper think it failed.
 */
export const RECHARGE_REPLY_TIMEOUT_MS = 30_000;

/** After this long without an answer the confirmation says what is happening. */
export const SLOW_SEND_NOTICE_MS = 3_000;
