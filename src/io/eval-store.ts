import { closeSync, existsSync, ftruncateSync, openSync, fstatSync, mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { InputError } from '../errors.js';
import { readRegularFile, readRegularText } from '../io/read-regular.js';
import { NO_REDACTION, type Redact } from './redact-type.js';
import { parseJsonText } from './json-text.js';

/**
 * Reads an append-only JSONL log written by `AppendLog`. A last line without its newline is a write torn by a crash
 * and is ignored; any other unreadable line is corruption and throws an `InputError` with its location.
 */
export function readAppendLog<T>(path: string, schema: z.ZodType<T>): T[] {
  if (!existsSync(path)) return [];
  const text = readRegularText(path);
  const end = text.lastIndexOf('\n');
  const whole = end < 0 ? '' : text.slice(0, end);
  const out: T[] = [];
  const lines = whole === '' ? [] : whole.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const value = parseJsonText(lines[i], path, i + 1);
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InputError(`${issue.path.join('.') || '(record)'}: ${issue.message}`, { file: path, line: i + 1, column: 1 });
    }
    out.push(parsed.data);
  }
  return out;
}

/**
 * An append-only JSONL file with group commit: records appended while a flush is running are written and fsynced
 * together in the next flush. `append` resolves only once the record is on disk, so a `kill -9` loses at most the
 * records whose promise has not resolved. Opening first cuts off a torn last line so that new records start clean.
 */
export class AppendLog {
  private queue: Array<{ line: string; resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushing: Promise<void> | null = null;
  private constructor(
    private readonly fh: FileHandle,
    private readonly redact: Redact,
  ) {}

  /** Opens (creating) `path` for appending, after trimming any torn last line; every record passes through `redact`. */
  static async open(path: string, redact: Redact = NO_REDACTION): Promise<AppendLog> {
    mkdirSync(dirname(path), { recursive: true });
    if (existsSync(path)) trimTornTail(path);
    return new AppendLog(await open(path, 'a'), redact);
  }

  /** Appends one record; resolves after it has been written and fsynced. */
  append(record: unknown): Promise<void> {
    const line = JSON.stringify(this.redact.deep(record)) + '\n';
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      if (this.flushing === null) this.flushing = this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.fh.write(batch.map((b) => b.line).join(''));
        await this.fh.sync();
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    this.flushing = null;
  }

  /** Waits for pending appends, then closes the file. */
  async close(): Promise<void> {
    while (this.flushing !== null) await this.flushing;
    await this.fh.close();
  }
}

function trimTornTail(path: string): void {
  const buf = readRegularFile(path);
  if (buf.length === 0 || buf[buf.length - 1] === 0x0a) return;
  const keep = buf.lastIndexOf(0x0a) + 1;
  const fd = openSync(path, 'r+');
  try {
    if (fstatSync(fd).size === buf.length) ftruncateSync(fd, keep);
  } finally {
    closeSync(fd);
  }
}
