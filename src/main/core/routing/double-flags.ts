import { cleanPeerText } from '../../../shared/peer-text';
import type { AccountId } from '../../../shared/routing/routing-schema';
import type { SaleFlag } from '../../../shared/routing/sale-flags';
import type { Ledger } from '../ledger/ledger';
import type { SaleFlagRow } from '../ledger/sale-flag-sql';
import type { NoticeBoard } from '../notices/notice-board';
import type { TxnRecord } from '../txn/txn-record';

export interface DoubleFlagsDeps {
  readonly ledger: Pick<Ledger, 'saleFlags' | 'shopRecords'>;
  readonly nameOf: (id: AccountId) => string;
  readonly now: () => number;
  readonly notices?: Pick<NoticeBoard, 'add'> & Partial<Pick<NoticeBoard, 'clearKey'>>;
}

/**
 * Possible double recharges (issue 29), kept in the ledger rather than told once: written when
 * found, told loudly (again at every start until the owner says it is checked), and read by the
 * screens to mark both attempts. A sale flagged is never continued, whatever a restart forgot.
 */
export class DoubleFlags {
  constructor(private readonly deps: DoubleFlagsDeps) {}

  private view(row: SaleFlagRow): SaleFlag {
    return {
      saleId: row.saleId,
      kind: row.kind,
      number: row.number,
      amount: row.amount,
      first: { refId: row.firstRef, account: this.deps.nameOf(row.firstAccount).slice(0, 40) },
      second: { refId: row.secondRef, account: this.deps.nameOf(row.secondAccount).slice(0, 40) },
      at: row.at,
      seenAt: row.seenAt,
      checkedAt: row.checkedAt === null ? null : cleanPeerText(row.checkedAt).slice(0, 40),
    };
  }

  private tell(flag: SaleFlag): void {
    const { number, amount, first, second } = flag;
    this.deps.notices?.add('error', { code: 'possible_double_recharge', params: { number, amount, first, second } }, first.refId);
  }

  /** `first` was counted failed and `second` sent after it; its provider now says Success. Kept before it is told. */
  keep(first: TxnRecord, second: TxnRecord): void {
    const saleId = first.saleId ?? first.refId;
    this.deps.ledger.saleFlags.addDouble({ saleId, firstRef: first.refId, secondRef: second.refId, at: this.deps.now() });
    const row = this.deps.ledger.saleFlags.forSale(saleId).find((f) => f.firstRef === first.refId);
    // Told while unseen: found again after the owner checked it is the same double, not news.
    if (row && row.seenAt === null) this.tell(this.view(row));
  }

  isFlagged(saleId: string): boolean {
    return this.deps.ledger.saleFlags.forSale(saleId).length > 0;
  }

  /** At start: every double the owner has not yet checked is told again. */
  tellUnseen(): void {
    for (const row of this.deps.ledger.saleFlags.unseen()) this.tell(this.view(row));
  }

  list(): SaleFlag[] {
    return this.deps.ledger.saleFlags.list().map((r) => this.view(r));
  }

  /** The owner checked both attempts with the providers: kept, marked seen, no longer told. */
  markSeen(saleId: string): SaleFlag[] {
    const flags = this.deps.ledger.saleFlags.forSale(saleId);
    // Another counter's sale, a double in the whole-shop history: the check is this counter's record.
    if (flags.length === 0) this.deps.ledger.shopRecords.flags.checkHere(saleId, this.deps.now());
    this.deps.ledger.saleFlags.markSeen(saleId, this.deps.now());
    for (const f of flags) this.deps.notices?.clearKey?.('possible_double_recharge', f.firstRef);
    return this.deps.ledger.saleFlags.forSale(saleId).map((r) => this.view(r));
  }
}
