import type { SHOP_TLS_MODES } from '../../../shared/ipc/shop-schemas';

/** Where the shop ledger is and how to reach it (settings, plus the password from the vault). */
export interface ShopConnection {
  url: string;
  tls: (typeof SHOP_TLS_MODES)[number];
  password: string | null;
}

/** One of this counter's transactions as the shop ledger keeps it. */
export interface ShopRowOut {
  refId: string;
  number: string;
  operator: string;
  amount: number;
  status: string;
  txnId: string | null;
  optId: string | null;
  margin: number | null;
  message: string;
  rechargeDate: string;
  createdAt: number;
  updatedAt: number;
  /** The newest local event id behind this state: an older push never overwrites a newer one. */
  lastEventId: number;
  /** The sale it is an attempt of (its first attempt's ref_id), its attempt number, and the account it went to. */
  saleId: string;
  attemptNo: number;
  accountId: string;
  /** The account's name as this counter knows it (the other counters may not have it). */
  accountName: string;
  /** Which provider wallet it moved (balance/wallet-key.ts); null when this counter cannot say. */
  walletKey: string | null;
}

export interface ShopEventOut {
  eventId: number;
  refId: string;
  at: number;
  fromStatus: string | null;
  toStatus: string;
  source: string;
}

/**
 * One record of the records channel (issue 37): this counter's row of a kind, by its local id, and
 * its body as the kind's schema reads it (shop-records.ts). `version` orders the pushes of a record
 * that changes (a customer's updated_at; 0 for the append-only kinds): an older one never overwrites.
 */
export interface ShopRecordOut {
  kind: string;
  localId: string;
  body: Record<string, unknown>;
  version: number;
}

export interface ClaimRequest {
  counter: string;
  number: string;
  amount: number;
  refId: string;
  now: number;
  /** Another counter's row of the same amount since then is a duplicate. */
  since: number;
  /** A claim older than this is from a counter that died after claiming: ignored. */
  claimTtlMs: number;
  /** The shopkeeper confirmed a second recharge: claim even if another counter has one. */
  force: boolean;
}

/**
 * The shop ledger as the core needs it; `adapters/postgres` fills it with PostgreSQL. Everything it
 * returns from the server is `unknown`: the core parses it (shop-rows.ts) and refuses what is hostile.
 */
export interface ShopDb {
  /** Brings the shop's schema up to date and names this counter. */
  prepare(counter: { prefix: string; name: string }): Promise<void>;
  /** Writes events and upserts rows in one transaction; idempotent, so a batch may be sent again. */
  push(counter: string, rows: readonly ShopRowOut[], events: readonly ShopEventOut[]): Promise<void>;
  /**
   * Other counters' rows changed after `afterSeq`, oldest change first, with their counter's name;
   * and `lastSeq`, the highest change number the shop ledger has handed out (read after the rows):
   * no honest row is numbered past it.
   */
  pull(counter: string, afterSeq: number, limit: number): Promise<{ rows: unknown[]; lastSeq: unknown }>;
  /** Upserts this counter's records in one transaction, numbered in commit order; idempotent. */
  pushRecords(counter: string, records: readonly ShopRecordOut[]): Promise<void>;
  /** Other counters' records changed after `afterSeq`, oldest first, and `lastSeq` as for `pull`. */
  pullRecords(counter: string, afterSeq: number, limit: number): Promise<{ rows: unknown[]; lastSeq: unknown }>;
  /**
   * Under an advisory lock on the number: other counters' claims, open rows and recent same-amount
   * rows on it; when there are none (or `force`), this counter's claim is written before the lock goes.
   */
  claim(c: ClaimRequest): Promise<{ claimed: boolean; conflicts: unknown[] }>;
  /**
   * Calls `fn` soon after any counter pushed (PostgreSQL LISTEN/NOTIFY), so the others pull at
   * once instead of at their next timer. Best effort: the timer still pulls if a wake-up is lost.
   */
  onPush(fn: () => void): Promise<void>;
  close(): Promise<void>;
}

export type OpenShopDb = (c: ShopConnection) => ShopDb;
