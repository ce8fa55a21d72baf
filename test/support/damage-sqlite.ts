import Database from 'better-sqlite3';
import { closeSync, openSync, writeSync } from 'node:fs';
import { z } from 'zod';

const pageRows = z.array(z.object({ pageno: z.number().int() }));

/** Leaf pages of one table or index, from SQLite's own page map (the dbstat table). */
export function leafPages(file: string, name: string): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return pageRows
      .parse(db.prepare(`SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno`).all(name))
      .map((r) => r.pageno);
  } finally {
    db.close();
  }
}

export function pageSize(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return z
      .number()
      .int()
      .parse(db.pragma('page_size', { simple: true }));
  } finally {
    db.close();
  }
}

/**
 * Overwrites one page of a closed SQLite file with junk, past its header, as a torn write or a
 * bad sector would: the page's cells point outside it and its rows cannot be read.
 */
export function smashPage(file: string, page: number): void {
  const size = pageSize(file);
  const fd = openSync(file, 'r+');
  try {
    const junk = Buffer.alloc(size - 16, 0x5a);
    writeSync(fd, junk, 0, junk.length, (page - 1) * size + 8);
  } finally {
    closeSync(fd);
  }
}

/** Folds the WAL into the main file, so the pages dbstat names are the pages on disk. */
export function checkpoint(file: string): void {
  const db = new Database(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
