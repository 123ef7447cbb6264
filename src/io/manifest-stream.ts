import { createHash } from 'node:crypto';
import { InputError } from '../errors.js';
import { Manifest, ManifestLog } from '../schema/manifest.js';
import { readLines } from './shard-manifest.js';
import { withoutBom } from './json-text.js';

/** A dataset manifest without its per-log list, as `readManifestStream` returns it. */
export type ManifestHeader = Omit<Manifest, 'logs'>;

/**
 * Reads a `manifest.json` written by `cclupe generate` (or `cclupe merge`) in pieces, without holding its per-log
 * list: `onEntry` gets each entry of `logs`, parsed, and its exact text (as `manifestLogsJson` spells it, without a
 * separator). Returns the manifest's other fields and the file's size and SHA-256. A file not laid out that way (one
 * entry per `    {`…`    }` block) is an `InputError` naming it: such a manifest was not written by this tool.
 */
export function readManifestStream(path: string, onEntry: (entry: ManifestLog, text: string) => void): { header: ManifestHeader; bytes: number; sha256: string } {
  const hash = createHash('sha256');
  const head: string[] = [];
  const tail: string[] = [];
  let entry: string[] = [];
  let state: 'head' | 'logs' | 'tail' = 'head';
  let lineNo = 0;
  const bad = (why: string): never => {
    throw new InputError(`not a manifest written by cclupe generate: ${why}`, { file: path, line: lineNo, column: 1 });
  };
  const line = (raw: string): void => {
    lineNo++;
    const text = lineNo === 1 ? withoutBom(raw) : raw;
    if (state === 'head') {
      if (text === '  "logs": [],') {
        state = 'tail';
        return;
      }
      if (text === '  "logs": [') state = 'logs';
      else head.push(text);
      return;
    }
    if (state === 'tail') {
      tail.push(text);
      return;
    }
    if (entry.length === 0) {
      if (text === '  ],') {
        state = 'tail';
        return;
      }
      if (text !== '    {') bad('expected an entry of "logs"');
    }
    if (text === '    }' || text === '    },') {
      entry.push('    }');
      const body = entry.join('\n');
      entry = [];
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch (err) {
        bad(`an entry of "logs" is not JSON (${(err as Error).message})`);
      }
      const r = ManifestLog.safeParse(value);
      if (!r.success) bad(`logs entry: ${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}`);
      onEntry(value as ManifestLog, body);
      return;
    }
    entry.push(text);
  };
  const { bytes } = readLines(path, line, (piece) => hash.update(piece));
  if ((state as string) !== 'tail' || entry.length > 0) bad((state as string) === 'head' ? 'no "logs" list' : 'the "logs" list does not end');
  let value: unknown;
  try {
    value = JSON.parse([...head, '  "logs": [],', ...tail].join('\n'));
  } catch (err) {
    bad(`invalid JSON (${(err as Error).message})`);
  }
  const r = Manifest.safeParse(value);
  if (!r.success) bad(`${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}`);
  const { logs: _logs, ...header } = value as Manifest;
  return { header, bytes, sha256: hash.digest('hex') };
}
