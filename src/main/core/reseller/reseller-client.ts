import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, errors, request } from 'undici';
import type { RechargeOutcome, StatusOutcome, BalanceOutcome, ComplaintOutcome, Unknown, NotOurs } from './outcomes';
import { replyMismatches, type SentRequest } from '../../../shared/money-law/reply-match';
import { httpAnswer } from '../../../shared/money-law/http-answer';
import { refusalScope } from '../../../shared/money-law/refusal-scope';
import type { CallName } from '../../../shared/profiles/profile-schema';
import { builtinEngine } from '../../../shared/profiles/builtin-profiles';
import type { CallValues, ProfileEngine, ReadReply } from '../../../shared/profiles/profile-engine';
import { redactSecrets } from './redact';
import { errorFacts } from '../errors/error-facts';
import type { ProviderFields } from '../../../shared/provider-fields';
import { readLimited } from '../../../shared/read-limited';
import { linkedSignal } from './linked-signal';
import { accountCredentials, hostAddresses, secretValues, type AccountCredentials, type ProviderCredentials } from './client-credentials';
import { operatorCodes } from '../../../shared/profiles/profile-operators';
import { NoHostAddress } from '../../../shared/profiles/call-host';
import { HeaderRefused, type HttpRequest } from '../../../shared/profiles/request-builder';
import type { VariantFacts } from '../../../shared/profiles/call-variant';
import { NoDigest } from '../../../shared/profiles/signature';

/** The recharge a status check or complaint asks about, as its row keeps it. */
export interface RechargeFacts extends Omit<SentRequest, 'refId' | 'operatorCodes'> {
  readonly txnId?: string;
}

/** A recharge's facts as a status or complaint call puts them in its request; amounts in rupees. */
function askedAbout(f: RechargeFacts): Omit<CallValues, 'credentials'> {
  return {
    ...(f.number === undefined ? {} : { number: f.number }),
    ...(f.amount === undefined ? {} : { amountRupees: f.amount / 100 }),
    ...(f.operator === undefined ? {} : { operator: f.operator }),
    ...(f.txnId === undefined ? {} : { txnId: f.txnId }),
  };
}

/** The variant a reply is read with: the one the request was sent with. */
const factsOf = (v: { operator?: string | undefined }): VariantFacts => (v.operator === undefined ? {} : { operator: v.operator });

export type { ProviderCredentials } from './client-credentials';

export interface ClientTimeouts {
  readonly connectMs: number;
  readonly headersMs: number;
  readonly bodyMs: number;
  /** Whole-call deadline, retries included. */
  readonly totalMs: number;
}

export const DEFAULT_TIMEOUTS: ClientTimeouts = { connectMs: 5_000, headersMs: 25_000, bodyMs: 10_000, totalMs: 30_000 };

/** What a recharge sent before profiles was read with. */
const LEGACY_TAG = 'document@1';

const MAX_BODY_BYTES = 256 * 1024;
const RAW_KEEP_CHARS = 4_000;
const READ_RETRY_DELAYS_MS = [250, 750];

type Transport =
  | { kind: 'http'; status: number; body: string }
  | { kind: 'not_sent'; detail: string }
  | { kind: 'failed'; reason: 'timeout' | 'network'; detail: string };

/** Errors that happen before a single byte of the request can have reached the provider. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

/**
 * The provider's API over one long-lived undici Agent. A recharge is sent once and never retried by
 * anyone; status and balance reads are retried on network faults within the call's deadline. The
 * token is redacted from everything this returns.
 */
export class ResellerClient {
  private readonly agent: Agent;
  /** Aborted by close(): ends the reads under way. */
  private readonly closing = new AbortController();

  constructor(
    private readonly given: () => AccountCredentials | ProviderCredentials | null,
    private readonly timeouts: ClientTimeouts = DEFAULT_TIMEOUTS,
    /** The provider's dialect: how to ask and how to read. The laws of unknown stay here. */
    private readonly engine: ProfileEngine = builtinEngine(),
    /**
     * The profile a recharge was sent with, by its `id@version`, when that is not the one in use:
     * its answers are read as it was sent. Null when this computer no longer has that version.
     */
    private readonly engineFor: (tag: string) => ProfileEngine | null = () => null,
  ) {
    this.agent = new Agent({
      connect: { timeout: timeouts.connectMs },
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
      keepAliveTimeout: 30_000,
      pipelining: 1,
    });
  }

  /** The account's credentials as the client sends them, whichever shape the caller gave. */
  private credentials(): AccountCredentials | null {
    const c = this.given();
    return c === null ? null : accountCredentials(c);
  }

  /** Token out, control characters out (a binary body is kept for support as readable text only), capped. */
  private redact(text: string): string {
    const readable = redactSecrets(text, secretValues(this.credentials(), this.engine)).replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g,
      '',
    );
    return readable.slice(0, RAW_KEEP_CHARS).replace(/[\ud800-\udbff]$/, '');
  }

  /** A reply read by the profile, with the token taken out of every text field a provider might echo it into. */
  private parse(
    call: CallName,
    body: string,
    engine: ProfileEngine = this.engine,
    facts: VariantFacts = {},
  ): { reply: ProviderFields; refused: boolean; unsure: boolean } | null {
    const read: ReadReply | null = engine.read(call, body, facts);
    if (!read) return null;
    const reply = read.fields;
    const r = (text: string) => redactSecrets(text, secretValues(this.credentials(), engine));
    return {
      refused: read.meaning === 'not_processed',
      unsure: read.meaning === 'unknown',
      reply: {
        ...reply,
        status: { ...reply.status, raw: r(reply.status.raw) },
        message: r(reply.message),
        errorCode: reply.errorCode === null ? null : r(reply.errorCode),
        operator: r(reply.operator),
        txnId: r(reply.txnId),
        optId: r(reply.optId),
        complainId: r(reply.complainId),
      },
    };
  }

  private async send(
    call: CallName,
    values: Omit<CallValues, 'credentials'>,
    opts: { idempotent: boolean; deadline: number; signal?: AbortSignal; engine?: ProfileEngine },
  ): Promise<Transport> {
    const creds = this.credentials();
    if (!creds) return { kind: 'not_sent', detail: 'no provider credentials are configured' };
    let req: HttpRequest;
    try {
      // Every call of the account carries the shop's own values (its circle), the recharge's and the reads' alike.
      const shop = creds.shop === undefined ? {} : { shop: creds.shop };
      req = (opts.engine ?? this.engine).request(call, hostAddresses(creds), { ...values, ...shop, credentials: creds.values });
    } catch (e) {
      // Built before anything left: a host without an address, a header value with a line break, no digest.
      if (e instanceof NoHostAddress || e instanceof HeaderRefused || e instanceof NoDigest) return { kind: 'not_sent', detail: e.message };
      throw e;
    }
    const remaining = Math.max(1, opts.deadline - Date.now());
    // Until the body is read: the deadline, or the caller's signal, ends the reading too.
    const ends = linkedSignal([opts.signal], remaining);
    try {
      const res = await request(req.url, {
        dispatcher: this.agent,
        method: req.method,
        idempotent: opts.idempotent,
        headers: req.headers,
        ...(req.body === undefined ? {} : { body: req.body }),
        signal: ends.signal,
      });
      const body = await readLimited(res.body, MAX_BODY_BYTES, MAX_BODY_BYTES);
      // An oversized reply is unreadable, like any other body the client cannot parse.
      return { kind: 'http', status: res.statusCode, body: body.ok ? body.text : '' };
    } catch (e) {
      const { code, name, message } = errorFacts(e);
      const detail = this.redact(`${code || name || 'error'}: ${message}`);
      if (NOT_SENT_CODES.has(code)) return { kind: 'not_sent', detail };
      const timeout =
        e instanceof errors.HeadersTimeoutError || e instanceof errors.BodyTimeoutError || name === 'TimeoutError' || name === 'AbortError';
      return { kind: 'failed', reason: timeout ? 'timeout' : 'network', detail };
    } finally {
      ends.release();
    }
  }

  /**
   * Reads (status, balance) are safe to repeat: retried on transport faults until the deadline.
   * Also safe to drop: `signal`, or close(), ends one at once (its outcome is then a timeout that
   * nobody is to act on), so a quit never waits for the provider to answer a read.
   */
  private async read(
    call: CallName,
    values: Omit<CallValues, 'credentials'>,
    signal?: AbortSignal,
    engine: ProfileEngine = this.engine,
  ): Promise<Transport> {
    const deadline = Date.now() + this.timeouts.totalMs;
    const ended = linkedSignal([signal, this.closing.signal]);
    try {
      let last = await this.send(call, values, { idempotent: true, deadline, signal: ended.signal, engine });
      for (const delay of READ_RETRY_DELAYS_MS) {
        const transient = last.kind === 'failed' || last.kind === 'not_sent' || (last.kind === 'http' && last.status >= 500);
        if (!transient || ended.signal.aborted || Date.now() + delay >= deadline) break;
        await sleep(delay, undefined, { signal: ended.signal }).catch(() => {});
        if (ended.signal.aborted) break;
        last = await this.send(call, values, { idempotent: true, deadline, signal: ended.signal, engine });
      }
      return last;
    } finally {
      ended.release();
    }
  }

  private unknownFrom(t: Exclude<Transport, { kind: 'http' }> | { kind: 'http'; status: number; body: string }): Unknown {
    if (t.kind === 'http')
      return {
        kind: 'unknown',
        reason: t.status >= 400 ? 'http_error' : 'unreadable',
        detail: `HTTP ${t.status}: ${this.redact(t.body).slice(0, 300)}`,
      };
    if (t.kind === 'not_sent') return { kind: 'unknown', reason: 'network', detail: t.detail };
    return { kind: 'unknown', reason: t.reason, detail: t.detail };
  }

  /**
   * Sends one recharge. Never retried: a timeout, reset, 5xx or unreadable reply is `unknown` and
   * must be resolved with the status check. `not_sent` is only for failures before connecting.
   */
  async recharge(r: {
    number: string;
    amountRupees: number;
    operator: string;
    refId: string;
  }): Promise<RechargeOutcome | { kind: 'not_sent'; detail: string }> {
    const t = await this.send(
      'recharge',
      { number: r.number, amountRupees: r.amountRupees, operator: r.operator, ref: r.refId },
      { idempotent: false, deadline: Date.now() + this.timeouts.totalMs },
    );
    if (t.kind === 'not_sent') return t;
    if (t.kind === 'failed') return this.unknownFrom(t);
    const raw = this.redact(t.body);
    // A 5xx may come after the provider has done the work: only the status check can tell.
    const http = httpAnswer(t.status, this.engine.profile.refusalHttpStatuses);
    const read = http === 'unknown' ? null : this.parse('recharge', t.body, this.engine, factsOf(r));
    if (!read) return this.unknownFrom(t);
    const { reply } = read;
    const sent = { refId: r.refId, number: r.number, amount: r.amountRupees * 100, operator: r.operator };
    const notOurs = this.notOurs(sent, reply, raw);
    if (notOurs) return notOurs;
    const scope = refusalScope(reply.errorCode, reply.duplicate);
    // The profile says this reply leaves the outcome open (the document's 109: this ref_id was
    // used, so a recharge with it exists): look it up. So does any 109, whatever a profile says.
    if (read.unsure || (read.refused && scope === 'our_ref_used'))
      return { kind: 'unknown', reason: 'provider_unsure', detail: reply.message };
    if (read.refused) return { kind: 'rejected', code: reply.errorCode, message: reply.message, raw, definite: scope === 'ours' };
    // At a status declared for refusals, only a refusal is believed.
    if (http !== 'answer') return this.unknownFrom(t);
    return { kind: 'answer', reply, raw };
  }

  /** The reply held against what we sent (money-law/reply-match): a reply about another request is unknown. */
  private notOurs(sent: SentRequest, reply: ProviderFields, raw: string, engine: ProfileEngine = this.engine): NotOurs | null {
    const mismatches = replyMismatches({ ...sent, operatorCodes: operatorCodes(engine.profile) }, reply);
    if (mismatches.length === 0) return null;
    const detail = mismatches.map((m) => `${m.field} sent ${m.sent}, reply named ${m.said}`).join('; ');
    return { kind: 'unknown', reason: 'not_ours', detail: this.redact(detail), mismatches, said: reply.status.status, raw };
  }

  /** The profile in use, as a new recharge records it. */
  get profileTag(): string {
    return this.engine.tag;
  }

  /**
   * `tag`: the profile the recharge was sent with ('' before profiles: the document's). `sent`: the
   * recharge's number, amount (paise) and operator, which a reply naming others is held against.
   */
  async status(refId: string, rechargeDate: string, signal?: AbortSignal, tag = '', sent: RechargeFacts = {}): Promise<StatusOutcome> {
    const sentWith = (tag || LEGACY_TAG) === this.engine.tag ? this.engine : (this.engineFor(tag || LEGACY_TAG) ?? this.engine);
    const t = await this.read('status', { ...askedAbout(sent), ref: refId, date: rechargeDate }, signal, sentWith);
    if (t.kind !== 'http') return this.unknownFrom(t);
    const http = httpAnswer(t.status, sentWith.profile.refusalHttpStatuses);
    const read = http === 'unknown' ? null : this.parse('status', t.body, sentWith, factsOf(sent));
    if (!read) return this.unknownFrom(t);
    const { reply } = read;
    const raw = this.redact(t.body);
    const notOurs = this.notOurs({ ...sent, refId }, reply, raw, sentWith);
    if (notOurs) return notOurs;
    if (read.refused) return { kind: 'lookup_failed', code: reply.errorCode, message: reply.message, raw };
    if (http !== 'answer' || read.unsure) return this.unknownFrom(t);
    return { kind: 'answer', reply, raw };
  }

  async balance(): Promise<BalanceOutcome> {
    const t = await this.read('balance', {});
    if (t.kind !== 'http') return this.unknownFrom(t);
    const read = t.status < 500 ? this.parse('balance', t.body) : null;
    if (!read) return this.unknownFrom(t);
    const { reply } = read;
    const raw = this.redact(t.body);
    if (read.refused) return { kind: 'rejected', code: reply.errorCode, message: reply.message, raw };
    if (reply.buyerBalance === null) return this.unknownFrom(t);
    return { kind: 'answer', buyer: reply.buyerBalance, seller: reply.sellerBalance, lien: reply.lienBalance, raw };
  }

  /** Not retried: the provider answers a repeat with the first id, but one request is enough. */
  async complain(
    txnId: string,
    reason: string,
    about: RechargeFacts & { refId?: string; rechargeDate?: string } = {},
  ): Promise<ComplaintOutcome> {
    const values = {
      ...askedAbout(about),
      ...(about.refId === undefined ? {} : { ref: about.refId }),
      ...(about.rechargeDate === undefined ? {} : { rechargeDate: about.rechargeDate }),
      txnId,
      reason,
    };
    const t = await this.send('complaint', values, { idempotent: false, deadline: Date.now() + this.timeouts.totalMs });
    if (t.kind !== 'http') return this.unknownFrom(t);
    const read = t.status < 500 ? this.parse('complaint', t.body, this.engine, factsOf(about)) : null;
    if (!read) return this.unknownFrom(t);
    const { reply } = read;
    const raw = this.redact(t.body);
    if (read.refused) return { kind: 'rejected', code: reply.errorCode, message: reply.message, raw };
    if (!reply.complainId) return this.unknownFrom(t);
    return { kind: 'answer', complainId: reply.complainId, message: reply.message, raw };
  }

  /**
   * Ends the reads under way at once and waits for the sends (a recharge or complaint already on
   * its way has its answer read and stored before the session closes).
   */
  async close(): Promise<void> {
    this.closing.abort();
    await this.agent.close();
  }
}
