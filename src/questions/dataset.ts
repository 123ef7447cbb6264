import type { ClientKind, Log } from '../schema/log-row.js';
import type { Item } from '../schema/item.js';
import { buildItems, resolveClientKind } from './builder.js';
import { summarizeCoverage, type Coverage } from './coverage.js';

/** Items for a whole dataset, the logs that could not support a full set, and the coverage summary. */
export interface DatasetQuestions {
  items: Item[];
  problems: string[];
  coverage: Coverage;
}

/**
 * Builds the items of every log (in the given order) with one dataset seed. `clientKinds` maps log ids to
 * client kinds for logs that carry none (e.g. from labels.jsonl). Pure: logs in, data out.
 */
export function buildDatasetQuestions(
  logs: readonly Log[],
  options: { seed: string | number; clientKinds?: ReadonlyMap<string, ClientKind>; onLog?: () => void },
): DatasetQuestions {
  const items: Item[] = [];
  const problems: string[] = [];
  const kinds = new Set<ClientKind>();
  for (const log of logs) {
    const clientKind = options.clientKinds?.get(log.logId);
    const kind = resolveClientKind(log, clientKind);
    if (kind) kinds.add(kind);
    const r = buildItems(log, { seed: options.seed, clientKind });
    for (const it of r.items) items.push(it);
    for (const p of r.problems) problems.push(p);
    options.onLog?.();
  }
  return { items, problems, coverage: summarizeCoverage(items, logs.length, [...kinds].sort()) };
}
