import type { ClientKind, Log } from '../schema/log-row.js';
import type { Item } from '../schema/item.js';
import { buildItems, resolveClientKind } from './builder.js';
import type { PriorTable } from './answer-priors.js';
import { summarizeCoverage, type Coverage } from './coverage.js';
import { balanceDataset, itemFacts, type BalanceLog, type BalanceReport } from './balance.js';

/** Items for a whole dataset, the logs that could not support a full set, and the coverage summary. */
export interface DatasetQuestions {
  items: Item[];
  problems: string[];
  coverage: Coverage;
  /** What the dataset balancing pass did (absent with `balance: false`). */
  balancing?: BalanceReport;
}

/** Options of `buildDatasetQuestions`. */
export interface DatasetQuestionsOptions {
  seed: string | number;
  /** Client kinds of logs that carry none (e.g. from labels.jsonl). */
  clientKinds?: ReadonlyMap<string, ClientKind>;
  /**
   * Called after each log's items are built, with its id and what kept it short (empty when it got a full set):
   * the logs behind `problems`, which has one line per shortfall and so several for one log.
   */
  onLog?: (log: { logId: string; problems: readonly string[] }) => void;
  /**
   * `false` stops after phase 1 (each log's items alone): what a shard writes, since balancing needs the whole
   * dataset; `cclupe merge` runs the pass (`balanceItems`).
   */
  balance?: false;
  /** Answer priors consulted before the shipped ones (`BuildOptions.priorTable`): the dataset's `answer-priors.json`. */
  priorTable?: PriorTable;
}

/**
 * Builds the items of every log (in the given order) with one dataset seed, then balances them over the dataset
 * (`balanceDataset`: answer classes, calc gold ranks and multi text rates within their quotas, by rebuilding a few
 * logs without an over-represented template). Pure: logs in, data out. The result depends on the set of logs and the
 * seed, not on their order beyond the order of the items.
 */
export function buildDatasetQuestions(logs: readonly Log[], options: DatasetQuestionsOptions): DatasetQuestions {
  const perLog: Array<{ log: Log; clientKind: ClientKind | undefined; items: Item[] }> = [];
  const problems: string[] = [];
  const kinds = new Set<ClientKind>();
  for (const log of logs) {
    const clientKind = options.clientKinds?.get(log.logId);
    const kind = resolveClientKind(log, clientKind);
    if (kind) kinds.add(kind);
    // nothing of the build is kept for the balancing pass: it rebuilds a few percent of the logs from scratch, while
    // keeping every log's candidates until then (~17 KB a log) made the collector copy and promote them (fresh logs:
    // ~4% more instructions, ~3% more time)
    const r = buildItems(log, { seed: options.seed, clientKind, priorTable: options.priorTable });
    perLog.push({ log, clientKind, items: r.items });
    for (const p of r.problems) problems.push(p);
    options.onLog?.({ logId: log.logId, problems: r.problems });
  }
  let balancing: BalanceReport | undefined;
  if (options.balance !== false) {
    // the pass names logs by id: a log id met twice (a folder of TSV files may repeat one) keeps its phase-1 items
    const byId = new Map<string, (typeof perLog)[number] | null>();
    for (const l of perLog) byId.set(l.log.logId, byId.has(l.log.logId) ? null : l);
    const result = balanceItems(
      perLog.map((l) => ({ logId: l.log.logId, facts: byId.get(l.log.logId) === l ? l.items.map((it) => itemFacts(it)) : [] })),
      (logId) => byId.get(logId)!,
      options.seed,
      options.priorTable,
    );
    // a log id met twice took no part (its facts were left out)
    for (const l of perLog) if (byId.get(l.log.logId) === l) l.items = result.replaced.get(l.log.logId) ?? l.items;
    balancing = result.report;
  }
  const items = perLog.flatMap((l) => l.items);
  return { items, problems, coverage: summarizeCoverage(items, logs.length, [...kinds].sort()), ...(balancing ? { balancing } : {}) };
}

/**
 * The balancing pass over phase-1 items (`logs`, as facts, in dataset order; a log with no facts takes no part),
 * rebuilding a log from `logOf(logId)` (its log and the client kind it was built with) with `buildItems`' `exclude`
 * (and `priorTable`, the dataset's own answer priors, as phase 1 had them).
 * What `buildDatasetQuestions` runs after phase 1, and `cclupe merge` after merging the shards' phase-1 items.
 */
export function balanceItems(
  logs: readonly BalanceLog[],
  logOf: (logId: string) => { log: Log; clientKind?: ClientKind },
  seed: string | number,
  priorTable?: PriorTable,
): { replaced: Map<string, Item[]>; report: BalanceReport } {
  return balanceDataset(
    logs,
    (logId, exclude) => {
      const { log, clientKind } = logOf(logId);
      const r = buildItems(log, { seed, clientKind, exclude, priorTable });
      return r.problems.length ? null : r.items;
    },
    { seed },
  );
}
