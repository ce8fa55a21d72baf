import * as z from 'zod';
import { OPERATORS } from '../shared/operators';
import { DIALECT_IDS } from './dialect/dialect-engine';
import { PLANS } from './scenarios';

const fraction = z.number().min(0).max(1);

export const faultsSchema = z.strictObject({
  /** Added to every provider reply, plus up to `jitterMs` more. */
  latencyMs: z.number().int().min(0).max(120_000).default(0),
  jitterMs: z.number().int().min(0).max(120_000).default(0),
  /** The request is processed, the reply never comes (the socket is held until the client gives up). */
  noReply: fraction.default(0),
  /** The request is processed, then the connection is reset. */
  resetAfter: fraction.default(0),
  /** A recharge call refused before it is taken (code 128, as a wallet too low would): a reply every profile reads as not processed. */
  refuse: fraction.default(0),
  /** A 502 from a proxy before anything happens. */
  badGateway: fraction.default(0),
  /** The request is processed, then the body is not JSON. */
  garbage: fraction.default(0),
  /** The request is processed, then a proxy's HTML error page comes back instead. */
  htmlError: fraction.default(0),
});
export type Faults = z.infer<typeof faultsSchema>;

/** Default commission, in basis points of the recharge amount (250 = 2.5%). */
export const DEFAULT_COMMISSION_BP: Record<string, number> = Object.fromEntries(
  OPERATORS.map((o) => [o.code, o.category === 'dth' ? 300 : o.code.startsWith('BSNL') ? 350 : 250]),
);

export const sandboxOptionsSchema = z.strictObject({
  port: z.number().int().min(0).max(65535).default(0),
  seed: z.number().int().default(1),
  username: z
    .string()
    .regex(/^\d{10}$/)
    .default('9876543210'),
  token: z.string().min(8).max(200).default('demo-token-not-secret'),
  /**
   * The account's other credentials, by the dialect profile's names (a member PIN, a signing key):
   * each one a request carries, or signs with, must be this one.
   */
  credentialValues: z.record(z.string().max(40), z.string().max(256)).default({}),
  /**
   * The values the provider keeps for the account that a request names (`{shop.x}`: its circle):
   * a request naming another is refused, as a provider refuses a circle not the account's. Absent: any.
   */
  shopValues: z.record(z.string().max(24), z.string().max(40)).default({}),
  /** Opening buyer balance of the account, whole rupees. */
  balance: z.number().int().min(0).max(1_000_000_000).default(5000),
  sellerBalance: z.number().int().min(0).max(1_000_000_000).default(0),
  profile: z.enum(['demo', 'success']).default('demo'),
  /** The provider dialect the sandbox speaks: a built-in or a library provider profile's id. */
  dialect: z.enum(DIALECT_IDS).default('document'),
  pendingMs: z.number().int().min(0).max(86_400_000).default(5000),
  /** What happens to non-test numbers, as weights per plan, instead of `profile` (a simulator with its own faults). */
  plans: z.partialRecord(z.enum(PLANS), z.number().min(0)).optional(),
  /** Plans the first recharges take, in order, whatever their numbers (a test's script); then the rules above. */
  script: z.array(z.enum(PLANS)).max(100_000).default([]),
  /** How long after its Failure a `failure-reversed` recharge turns Success: after the status checks that confirmed it. */
  reversalMs: z.number().int().min(0).max(86_400_000).default(30_000),
  statusCase: z.enum(['title', 'upper', 'lower']).default('title'),
  /** Answer `Accepted` where the document says `Pending`. */
  accepted: z.boolean().default(false),
  errorStyle: z.enum(['body', 'http']).default('body'),
  /** Send JSON replies as `text/html`, as many deployments do. */
  htmlContentType: z.boolean().default(false),
  duplicateRefId: z.enum(['reject', 'replay']).default('reject'),
  /** Reject the same number and amount within this window (code 110); 0 = off. */
  sameNumberWindowMs: z.number().int().min(0).default(0),
  callbackUrl: z.string().url().optional(),
  callbackHost: z.string().url().optional(),
  callbackMethod: z.enum(['GET', 'POST']).default('GET'),
  callbackRetries: z.number().int().min(0).max(10).default(0),
  callbackTimeoutMs: z.number().int().min(100).max(60_000).default(3000),
  commissionBp: z.record(z.string(), z.number().int().min(0).max(5000)).default(DEFAULT_COMMISSION_BP),
  faults: faultsSchema.default(faultsSchema.parse({})),
  /** SQLite file that keeps the state across restarts; in memory when absent. */
  stateFile: z.string().min(1).optional(),
  /** How long a held "no reply" socket is kept before it is closed. */
  noReplyHoldMs: z.number().int().min(0).default(120_000),
});

export type SandboxOptionsInput = z.input<typeof sandboxOptionsSchema>;
export type SandboxOptions = z.output<typeof sandboxOptionsSchema>;
