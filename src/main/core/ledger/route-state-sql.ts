import type Database from 'better-sqlite3';
import * as z from 'zod';

const paise = z.number();
const failureRows = z.array(z.object({ account: z.string(), failures: z.number().int().nonnegative() }));

/**
 * What the route decision reads of each account (issue 29), asked before every attempt's row is
 * written, so each is a short walk of one index (txns_spend, txns_account: their migration) and a few numbers back:
 *
 * - **spend**: paise sent today to one account for one operator (a daily cap's measure), every
 *   attempt counted but the surely failed (a declared refusal, one never sent, a Failure the
 *   status check confirmed);
 * - **failures in a row**: per account, its attempts that did not succeed when sent (Error,
 *   Failure, Unknown, NeedsAttention) newer than its last Success or the owner's resume, among the
 *   newest `window` rows of the whole ledger (by id): the pause's count.
 */
export class RouteStateSql {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      spend: db
        .prepare<{ operator: string; account: string; since: number }, number>(
          `SELECT total(amount) FROM txns INDEXED BY txns_spend
           WHERE operator = @operator AND account_id = @account AND created_at >= @since
             AND NOT ((status = 'Error' AND (not_processed = 1 OR money_note IS 'not_sent')) OR (status = 'Failure' AND failure_confirmed = 1))`,
        )
        .pluck(),
      // b: the oldest row of the window (the window-th newest id; 0 when the ledger holds fewer).
      // Per account, its newest row there that settles the count (a Success, or one from before
      // the resume), then the attempts not succeeded after it: both walk txns_account from the newest.
      failures: db.prepare<{ resumed: string; window: number }, unknown>(
        `SELECT j.key AS account, (
           SELECT count(*) FROM txns INDEXED BY txns_account
           WHERE account_id = j.key AND status IN ('Error', 'Failure', 'Unknown', 'NeedsAttention')
             AND id > max(b.id - 1, coalesce((
               SELECT id FROM txns INDEXED BY txns_account WHERE account_id = j.key AND id >= b.id
                 AND (status = 'Success' OR created_at < j.value) ORDER BY id DESC LIMIT 1), 0))
         ) AS failures
         FROM json_each(@resumed) j, (SELECT coalesce((SELECT id FROM txns ORDER BY id DESC LIMIT 1 OFFSET @window - 1), 0) AS id) b`,
      ),
    };
  }

  /** Paise sent to `account` for `operator` since `since` (India's midnight), less what surely did not go. */
  spentSince(since: number, account: string, operator: string): number {
    return paise.parse(this.s.spend.get({ operator, account, since }));
  }

  /** Attempts in a row not succeeded, per account of `resumedAt` (the owner's resume, 0 if never), within the newest `window` rows. */
  failuresInRow(window: number, resumedAt: ReadonlyMap<string, number>): Map<string, number> {
    const rows = failureRows.parse(this.s.failures.all({ resumed: JSON.stringify(Object.fromEntries(resumedAt)), window }));
    return new Map(rows.map((r) => [r.account, r.failures]));
  }
}
