/**
 * The harness's per-run key, shared by the server and the page script. The server puts the key
 * into the HTML it serves (a meta tag, not a script, so the CSP stays free of inline code and a
 * page elsewhere that loads bridge.js learns nothing); the page sends it back on every call.
 */
export const HARNESS_KEY_HEADER = 'x-rechargedesk-key';
/** EventSource cannot send headers, so /events takes the key as this query parameter. */
export const HARNESS_KEY_PARAM = 'key';
export const HARNESS_KEY_META = 'rechargedesk-harness-key';
