import * as z from 'zod';
import { OPERATORS } from '../operators';
import { CALLS, PLACEHOLDERS, callV1, callbackSpec, DATE_FORMATS, operatorCode, sample } from './profile-parts';

/**
 * Format version 1: one host (the address the owner types), a username and a token, the same four
 * calls for every operator. Every version 1 file keeps working: it is read as version 2 says the
 * same thing (`profile-upgrade.ts`).
 */
export const profileV1Schema = z
  .strictObject({
    format: z.literal('rechargedesk-provider-profile'),
    formatVersion: z.literal(1),
    /** Names the profile; a transaction keeps `id@version` so an old reply is read as it was sent. */
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
    version: z.number().int().min(1).max(1_000_000),
    name: z.string().min(1).max(80),
    /** Amounts in replies are rupees unless the provider says paise (requests say `{amount}` or `{amount_paise}`). */
    replyAmounts: z.enum(['rupees', 'paise']).default('rupees'),
    /** The provider's date format for `{date}`; the date is always India's calendar date. */
    dateFormat: z.enum(DATE_FORMATS).default('YYYY-MM-DD'),
    /** What the provider accepts as our reference: the ref_id generator obeys it. */
    reference: z.strictObject({ maxLength: z.number().int().min(8).max(40), digitsOnly: z.boolean() }),
    /** Our operator codes to the provider's; an operator left out cannot be sent through this profile. */
    operators: z.partialRecord(z.enum(OPERATORS.map((o) => o.code) as [string, ...string[]]), operatorCode),
    /**
     * The provider's error codes in the document's numbering (110: same number recently, 128: no
     * funds, …), so the counter words them; a code left out is shown as the provider gave it.
     */
    errorCodes: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,30}$/), z.string().regex(/^\d{3}$/)).default({}),
    /**
     * The HTTP statuses at which this provider refuses a request with a body of its own (the field
     * notes' 400, 401, 403, 404). At any other status but 2xx a body is not believed, whatever it
     * says (a rate limiter's 429, a gateway's JSON): unknown, for the status check. Never a 5xx.
     */
    refusalHttpStatuses: z.array(z.number().int().min(400).max(499)).max(20).optional(),
    calls: z.strictObject({ recharge: callV1, status: callV1, balance: callV1, complaint: callV1 }),
    /** The provider's callback; left out, the document's names (section 6.2: refId, status, txnId, …). */
    callback: callbackSpec.optional(),
    /** Replies the provider really gives: each is read at every load and import, and must read as it says. */
    samples: z.array(sample).min(1).max(60),
  })
  .superRefine((p, ctx) => {
    for (const name of CALLS) {
      for (const [param, value] of Object.entries(p.calls[name].params)) {
        for (const m of value.matchAll(/\{([^{}]*)\}/g)) {
          if (!PLACEHOLDERS[name].includes(m[1] ?? ''))
            ctx.addIssue({ code: 'custom', path: ['calls', name, 'params', param], message: `{${m[1]}} is not known in the ${name} call` });
        }
      }
    }
  });

export type ProfileV1 = z.infer<typeof profileV1Schema>;
