import type Database from 'better-sqlite3';
import { nameWords } from '../../../shared/customer-schemas';

/**
 * The words of a customer's name (customer_name_words), which the search by name reads
 * (name-match.ts). Written wherever the book's name changes: the shopkeeper's edit here and a
 * newer edit pulled from another counter. The caller holds the transaction.
 */
export class NameWordsSql {
  private readonly drop;
  private readonly add;

  constructor(db: Database.Database) {
    this.drop = db.prepare('DELETE FROM customer_name_words WHERE number = ?');
    this.add = db.prepare('INSERT OR IGNORE INTO customer_name_words (word, number) VALUES (?, ?)');
  }

  put(number: string, name: string): void {
    this.drop.run(number);
    for (const word of nameWords(name)) this.add.run(word, number);
  }
}
