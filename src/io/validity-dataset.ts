import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, UsageError } from '../errors.js';
import type { Item } from '../schema/item.js';
import type { ClientKind } from '../schema/log-row.js';
import { readDatasetLogs, readQuestions } from './questions-dataset.js';
import type { OracleLog } from '../validity/other-log.js';
import type { InjectedRows } from '../validity/injection.js';

/** A dataset as the validity audit reads it: items, logs with profile and kind, injected rows, master seed. */
export interface ValidityDataset {
  dir: string;
  items: Item[];
  logs: OracleLog[];
  injected: InjectedRows[];
  masterSeed: string | null;
}

/** Reads `questions.jsonl`; a missing or empty file is a usage error (there is nothing to audit). */
export function readAuditItems(dir: string): Item[] {
  const file = join(dir, 'questions.jsonl');
  if (!existsSync(file)) throw new UsageError(`${file} does not exist; build it with cclupe questions (or generate --questions)`, 'dataset');
  const items = readQuestions(file);
  if (items.length === 0) throw new UsageError(`${file} holds no questions`, 'dataset');
  return items;
}

/** Reads a dataset for the audit: questions, logs, and from labels.jsonl each log's profile and injected rows. */
export function readValidityDataset(dir: string): ValidityDataset {
  const items = readAuditItems(dir);
  const data = readDatasetLogs(dir);
  const labelsPath = join(dir, 'labels.jsonl');
  const profiles = new Map<string, { profile: string; kind: ClientKind }>();
  const injected: InjectedRows[] = [];
  if (existsSync(labelsPath)) {
    const lines = readFileSync(labelsPath, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].trim()) continue;
      let rec: { log_id?: unknown; profile?: unknown; client_kind?: unknown; signals?: Record<string, { injected?: unknown; evidence?: unknown }> };
      try {
        rec = JSON.parse(lines[i]);
      } catch (err) {
        throw new InputError(`invalid JSON: ${(err as Error).message}`, { file: labelsPath, line: i + 1, column: 1 });
      }
      if (typeof rec.log_id !== 'string') throw new InputError('log_id: expected a string', { file: labelsPath, line: i + 1, column: 1 });
      const kind: ClientKind | null = rec.client_kind === 'personal' || rec.client_kind === 'sme' ? rec.client_kind : null;
      if (kind) profiles.set(rec.log_id, { profile: typeof rec.profile === 'string' ? rec.profile : kind, kind });
      for (const [signal, s] of Object.entries(rec.signals ?? {})) {
        if (s && s.injected === true && Array.isArray(s.evidence)) {
          injected.push({ logId: rec.log_id, signal, txnIds: s.evidence.filter((x): x is string => typeof x === 'string') });
        }
      }
    }
  }
  const logs: OracleLog[] = [];
  for (const log of data.logs) {
    const p = profiles.get(log.logId);
    const kind = p?.kind ?? log.clientKind ?? (log.logId.startsWith('s') ? 'sme' : 'personal');
    logs.push({ log, profile: p?.profile ?? kind, kind });
  }
  return { dir, items, logs, injected, masterSeed: data.masterSeed };
}
