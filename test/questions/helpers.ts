import type { Log } from '../../src/schema/log-row.js';
import { TEMPLATES } from '../../src/questions/templates/index.js';
import { LogFacts } from '../../src/questions/facts.js';
import { templateRng } from '../../src/questions/stream.js';
import { detectAll } from '../../src/signals/index.js';
import { resolveFace, type Draft } from '../../src/questions/template.js';

/** Runs one template on a log, as the builder's lenient pass does (`lenient: false`: as its strict pass, without priors). */
export function runTemplate(id: string, log: Log, opts: { lenient?: boolean } = {}): Draft | null {
  const t = TEMPLATES.find((x) => x.id === id);
  if (!t) throw new Error(`no template ${id}`);
  const kind = log.clientKind!;
  const facts = new LogFacts(log);
  return t.build({ facts, kind, rng: templateRng(`test\u241f${id}`), detections: () => detectAll(log), bounds: { ...resolveFace(t.face, facts.months.length), lenient: opts.lenient ?? true } });
}

/** The correct option texts of a draft, sorted. */
export function correctTexts(d: Draft): string[] {
  return d.choices.filter((c) => c.correct).map((c) => c.text).sort();
}
