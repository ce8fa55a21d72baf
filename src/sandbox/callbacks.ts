import { request } from 'undici';
import { paise, paiseToDecimalString } from '../shared/money';
import { cased } from './replies';
import type { SandboxOptions } from './options';
import type { SandboxStore } from './store';
import type { StatusChange } from './engine';
import { dialectEngine } from './dialect/dialect-engine';
import { dialectCallback } from './dialect/dialect-callback';

/** The callback's parameters, with the document's exact names (section 6.2). */
export function callbackParams(change: StatusChange, options: SandboxOptions): Record<string, string> {
  const { txn, account } = change;
  return {
    number: txn.number,
    amount: String(txn.amount / 100),
    txnId: txn.txnId,
    refId: txn.refId,
    status: cased(txn.status, options),
    operatorId: txn.optId,
    operatorCode: txn.operator,
    balance: paiseToDecimalString(paise(account.buyer)),
    margin_amount: paiseToDecimalString(paise(txn.status === 'Success' ? txn.margin : 0)),
  };
}

export function withQuery(url: string, params: Record<string, string>): string {
  return `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;
}

/**
 * Sends status updates to the account's callback URL. Like real providers it tries once by default,
 * with a short timeout, and records every attempt so tests can see exactly what was delivered.
 */
export class CallbackSender {
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly store: SandboxStore,
    private readonly options: SandboxOptions,
    private readonly now: () => number,
  ) {}

  send(change: StatusChange): void {
    const url = change.account.callbackUrl;
    if (!url || this.closed || change.txn.status === 'Pending') return;
    const job = this.deliver(url, change).finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  private async deliver(url: string, change: StatusChange): Promise<void> {
    const doc = callbackParams(change, this.options);
    // In a dialect, the callback is in that provider's words too.
    const dialect = this.options.dialect;
    const params = dialect === 'document' ? doc : dialectCallback(dialectEngine(dialect), doc);
    const method = this.options.callbackMethod;
    for (let attempt = 1; attempt <= 1 + this.options.callbackRetries; attempt++) {
      let httpStatus: number | null = null;
      let error: string | null = null;
      try {
        const res = await request(method === 'GET' ? withQuery(url, params) : url, {
          method,
          headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
          body: method === 'POST' ? JSON.stringify(params) : undefined,
          headersTimeout: this.options.callbackTimeoutMs,
          bodyTimeout: this.options.callbackTimeoutMs,
        });
        httpStatus = res.statusCode;
        await res.body.dump();
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      if (this.closed) return;
      this.store.recordCallback({
        txnId: change.txn.txnId,
        status: doc['status']!,
        url,
        method,
        attempt,
        httpStatus,
        error,
        at: this.now(),
      });
      if (httpStatus !== null && httpStatus < 300) return;
      if (attempt <= this.options.callbackRetries) await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }

  /** Waits for deliveries under way; tests use it to read a settled record. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
  }
}
