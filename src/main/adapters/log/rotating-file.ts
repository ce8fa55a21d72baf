import { closeSync, existsSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface RotationOptions {
  /** A file grows to about this size before it is rotated. */
  readonly maxBytes: number;
  /** How many old files are kept besides the current one (`shop.log.1` is the newest old one). */
  readonly keep: number;
}

/**
 * A log file that rotates by size: `shop.log` → `shop.log.1` → … → `shop.log.<keep>`, the oldest
 * dropped. Written synchronously, so the last line before a crash is on disk; logging is rare
 * (errors, starts, recharges), so the cost does not matter. A write that fails (a full disk) is
 * dropped: the log must never stop the counter.
 */
export class RotatingFile {
  private fd: number | null = null;
  private size = 0;

  constructor(
    readonly file: string,
    private readonly options: RotationOptions,
  ) {}

  /** The current file and the kept old ones, oldest first. */
  files(): string[] {
    const old = Array.from({ length: this.options.keep }, (_, i) => `${this.file}.${this.options.keep - i}`);
    return [...old, this.file].filter((f) => existsSync(f));
  }

  write(line: string): void {
    try {
      const bytes = Buffer.from(line);
      if (this.fd === null) this.open();
      if (this.size > 0 && this.size + bytes.length > this.options.maxBytes) this.rotate();
      if (this.fd === null) return;
      writeSync(this.fd, bytes);
      this.size += bytes.length;
    } catch {
      // A full or read-only disk: the line is lost, the app goes on.
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private open(): void {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  private rotate(): void {
    this.close();
    rmSync(`${this.file}.${this.options.keep}`, { force: true });
    for (let i = this.options.keep - 1; i >= 1; i--) {
      if (existsSync(`${this.file}.${i}`)) renameSync(`${this.file}.${i}`, `${this.file}.${i + 1}`);
    }
    renameSync(this.file, `${this.file}.1`);
    this.open();
  }
}
