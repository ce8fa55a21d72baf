import type { Language } from '../../../shared/language';
import {
  MAX_WALLET_READINGS,
  type AccountFigures,
  type ExportFormat,
  type Report,
  type ReportRange,
  type WalletStatement,
} from '../../../shared/report-schemas';
import type { TxnStatus } from '../../../shared/status';
import { statusesMeaning } from '../../../shared/money-law/status-money';
import { checkRange } from './report-range';
import type { Ledger } from '../ledger/ledger';
import type { ReportSql } from '../ledger/report-sql';
import type { ExportTarget } from './export-target';
import { writeExport, type ExportIo } from './write-export';
import { csvChunks } from './export-csv';
import { exportPages } from './export-pages';

// From the money law's one table: held (open), and the customer got nothing without a refund (failed).
const OPEN: ReadonlySet<TxnStatus> = new Set(statusesMeaning('held'));
const FAILED: ReadonlySet<TxnStatus> = new Set(statusesMeaning('nothing').filter((s) => s !== 'Refunded'));

export interface ReportDeps {
  /** The ledger the books are read from (its report queries). */
  ledger: Pick<Ledger, 'reports' | 'sales'>;
  now: () => number;
  language: () => Language;
  io?: ExportIo;
  /**
   * The shop's provider accounts, in the owner's order (issue 29); with one (or none given) the
   * report has no per-account part and reads nothing more than before.
   */
  accounts?: () => readonly { id: string; name: string }[];
}

/** The shop's books from the ledger alone: works offline, changes nothing. */
export class ReportService {
  private readonly sql: ReportSql;

  constructor(private readonly deps: ReportDeps) {
    this.sql = deps.ledger.reports;
  }

  report(r: ReportRange): Report {
    const range = checkRange(r, this.deps.now());
    const zero = () => ({ count: 0, amount: 0 });
    const totals: Report['totals'] = { ...zero(), success: zero(), margin: null, refunded: zero(), failed: zero(), open: zero() };
    const byStatus = new Map<TxnStatus, { count: number; amount: number }>();
    const byOperator = new Map<string, { count: number; amount: number; successCount: number; successAmount: number; margin: number }>();
    const daily = new Map(range.days.map((date) => [date, { date, count: 0, successAmount: 0, margin: 0 }]));
    const add = (into: { count: number; amount: number }, count: number, amount: number) => {
      into.count += count;
      into.amount += amount;
    };

    const { groups, unreadable } = this.sql.groups(range.from, range.to);
    for (const g of groups) {
      add(totals, g.count, g.amount);
      const s = byStatus.get(g.status) ?? zero();
      add(s, g.count, g.amount);
      byStatus.set(g.status, s);
      const o = byOperator.get(g.operator) ?? { ...zero(), successCount: 0, successAmount: 0, margin: 0 };
      add(o, g.count, g.amount);
      byOperator.set(g.operator, o);
      const d = daily.get(g.date);
      if (d) d.count += g.count;
      if (g.status === 'Success') {
        add(totals.success, g.count, g.amount);
        o.successCount += g.count;
        o.successAmount += g.amount;
        if (d) d.successAmount += g.amount;
        // Commission counts only where the recharge went through and the provider said how much.
        if (g.margin !== null) {
          totals.margin = (totals.margin ?? 0) + g.margin;
          o.margin += g.margin;
          if (d) d.margin += g.margin;
        }
      } else if (g.status === 'Refunded') add(totals.refunded, g.count, g.amount);
      else if (FAILED.has(g.status)) add(totals.failed, g.count, g.amount);
      else if (OPEN.has(g.status)) add(totals.open, g.count, g.amount);
    }

    return {
      from: range.from,
      to: range.to,
      totals,
      byStatus: [...byStatus].map(([status, v]) => ({ status, ...v })).sort((a, b) => b.count - a.count),
      byOperator: [...byOperator].map(([operator, v]) => ({ operator, ...v })).sort((a, b) => b.amount - a.amount),
      daily: [...daily.values()],
      payments: this.deps.ledger.sales.byMethod(range.from, range.to),
      unreadable,
      byAccount: this.byAccount(range),
    };
  }

  /** Each account's attempts of the range: named accounts in the owner's order, then any other the rows name. */
  private byAccount(range: ReturnType<typeof checkRange>): AccountFigures[] {
    const accounts = this.deps.accounts?.() ?? [];
    if (accounts.length < 2) return [];
    const zero = () => ({ count: 0, amount: 0 });
    const figures = new Map<string, AccountFigures>();
    const of = (id: string) => {
      let f = figures.get(id);
      if (!f) {
        const name = accounts.find((a) => a.id === id)?.name ?? id;
        f = { account: id, name, ...zero(), success: zero(), margin: 0, refunded: zero(), failed: zero(), open: zero(), failureRate: null };
        figures.set(id, f);
      }
      return f;
    };
    for (const a of accounts) of(a.id);
    for (const g of this.sql.byAccount(range).groups) {
      const f = of(g.account);
      f.count += g.count;
      f.amount += g.amount;
      const part =
        g.status === 'Success'
          ? f.success
          : g.status === 'Refunded'
            ? f.refunded
            : FAILED.has(g.status)
              ? f.failed
              : OPEN.has(g.status)
                ? f.open
                : null;
      if (part) {
        part.count += g.count;
        part.amount += g.amount;
      }
      if (g.status === 'Success') f.margin += g.margin;
    }
    for (const f of figures.values()) {
      const known = f.count - f.open.count;
      f.failureRate = known > 0 ? f.failed.count / known : null;
    }
    return [...figures.values()];
  }

  /** Balance readings of the range, oldest first, each with its change and what was sent since the one before. */
  wallet(r: ReportRange): WalletStatement {
    const range = checkRange(r, this.deps.now());
    const newest = this.sql.readings(range.start, range.end, MAX_WALLET_READINGS + 1);
    const truncated = newest.length > MAX_WALLET_READINGS;
    const shown = newest.slice(0, MAX_WALLET_READINGS).reverse();
    const openingRow = this.sql.lastBefore(range.start);
    let previous = shown[0] ? this.sql.readingBefore(shown[0]) : undefined;
    const readings = shown.map((reading) => {
      const change = previous ? reading.buyer - previous.buyer : null;
      const sent = this.sql.sent(previous ? previous.at : range.start - 1, reading.at);
      previous = reading;
      return { at: reading.at, buyer: reading.buyer, source: reading.source, change, sent };
    });
    return { opening: openingRow ? { at: openingRow.at, buyer: openingRow.buyer } : null, readings, truncated };
  }

  /**
   * Writes the range's transactions (and, in Excel, the summary) where the shopkeeper chooses.
   * Nothing is written when they cancel; a failed write leaves no half file and no change.
   */
  async export(r: ReportRange, format: ExportFormat, target: ExportTarget): Promise<{ path: string | null; rows: number }> {
    const range = checkRange(r, this.deps.now());
    const report = this.report(r);
    const path = await target.choose(`rechargedesk-${report.from}-to-${report.to}.${format}`, format);
    if (path === null) return { path: null, rows: 0 };
    const language = this.deps.language();
    const pages = exportPages((after, limit) => this.sql.txnPage(range.start, range.end, after, limit));
    const rows = await writeExport(
      path,
      format === 'csv'
        ? { kind: 'chunks', chunks: csvChunks(pages, language) }
        : {
            kind: 'file',
            // exceljs is large: loaded on the first Excel export, not at start-up.
            write: async (tmp) => (await import('./export-xlsx')).writeXlsx(tmp, report, pages, language),
          },
      this.deps.io,
    );
    return { path, rows };
  }
}
