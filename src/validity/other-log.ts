import type { ClientKind, Log } from '../schema/log-row.js';
import type { Item } from '../schema/item.js';
import type { Prediction } from '../schema/prediction.js';
import type { Detection } from '../schema/labels.js';
import type { SignalId } from '../schema/signal-id.js';
import { createRng, streamKey } from '../random/rng.js';
import { detectAll } from '../signals/index.js';
import { LogFacts } from '../questions/facts.js';
import { templateRng } from '../questions/stream.js';
import { TEMPLATES } from '../questions/templates/index.js';
import { resolveFace, type Template } from '../questions/template.js';
import { optionNumber } from '../score/blind.js';

/** Draws of a multi-select template on the other log: each draw shows some of its statements, true or false. */
const MULTI_DRAWS = 4;

/** What the other-log oracle needs to know of each log: the log, its profile and client kind. */
export interface OracleLog {
  log: Log;
  profile: string;
  kind: ClientKind;
}

/**
 * The other-log oracle: each item is answered by running its template's own program on a *different* log of the
 * same profile and client kind (the next one in id order), then picking the option nearest that answer — the nearest
 * value for calc items, the same text for single and multi items (a uniformly drawn option when no text matches).
 * It measures how much of an answer is the profile's prior rather than this log; a valid item keeps it near chance.
 */
export function otherLogPredictions(items: readonly Item[], logs: readonly OracleLog[], seed: string): Prediction[] {
  const groups = new Map<string, OracleLog[]>();
  for (const l of logs) {
    const key = `${l.profile}\u241f${l.kind}`;
    const g = groups.get(key);
    if (g) g.push(l);
    else groups.set(key, [l]);
  }
  const partner = new Map<string, OracleLog>();
  for (const g of groups.values()) {
    g.sort((a, b) => (a.log.logId < b.log.logId ? -1 : a.log.logId > b.log.logId ? 1 : 0));
    if (g.length < 2) continue;
    g.forEach((l, i) => partner.set(l.log.logId, g[(i + 1) % g.length]));
  }
  const byId = new Map<string, Template>(TEMPLATES.map((t) => [t.id, t]));
  const facts = new Map<string, LogFacts>();
  const detections = new Map<string, Record<SignalId, Detection>>();
  const factsOf = (l: OracleLog): LogFacts => {
    let f = facts.get(l.log.logId);
    if (!f) facts.set(l.log.logId, (f = new LogFacts(l.log)));
    return f;
  };
  const detectOf = (l: OracleLog): Record<SignalId, Detection> => {
    let d = detections.get(l.log.logId);
    if (!d) detections.set(l.log.logId, (d = detectAll(l.log.clientKind === l.kind ? l.log : { ...l.log, clientKind: l.kind })));
    return d;
  };
  return items.map((item) => {
    const rng = createRng(streamKey('cclupe-validity-other-log', seed, item.id));
    const fallback = (): Prediction => ({ item_id: item.id, selected: [item.options[Math.floor(rng.next() * item.options.length)].key], status: 'answered' });
    const other = partner.get(item.log_id);
    const t = byId.get(item.template.id);
    if (!other || !t) return fallback();
    const draws = item.format === 'multi' ? MULTI_DRAWS : 1;
    const truth = new Map<string, boolean>();
    let value: number | undefined;
    for (let d = 0; d < draws; d++) {
      const draft = t.build({
        facts: factsOf(other),
        kind: other.kind,
        rng: templateRng(streamKey('cclupe-validity-other-log', seed, other.log.logId, t.id, d)),
        detections: () => detectOf(other),
        bounds: resolveFace(t.face, factsOf(other).months.length),
      });
      if (!draft) break;
      for (const c of draft.choices) truth.set(c.text, c.correct);
      value ??= draft.numericAnswer;
    }
    if (truth.size === 0) return fallback();
    if (item.format === 'calc' && value !== undefined) {
      let best = -1;
      let bestD = Infinity;
      item.options.forEach((o, i) => {
        const v = optionNumber(o.text);
        if (v === null) return;
        const dist = Math.abs(v - value!);
        if (dist < bestD) {
          bestD = dist;
          best = i;
        }
      });
      return best < 0 ? fallback() : { item_id: item.id, selected: [item.options[best].key], status: 'answered' };
    }
    const selected = item.options.filter((o) => truth.get(o.text) === true).map((o) => o.key);
    if (selected.length === 0) return fallback();
    return { item_id: item.id, selected: item.format === 'multi' ? selected : selected.slice(0, 1), status: 'answered' };
  });
}
