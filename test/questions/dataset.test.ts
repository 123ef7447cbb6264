import { describe, expect, it } from 'vitest';
import { listProfiles, loadProfile } from '../../src/io/profiles.js';
import { balanceItems, buildDatasetQuestions } from '../../src/questions/dataset.js';
import { itemFacts } from '../../src/questions/balance.js';
import { generateLog } from '../../src/synth/index.js';
import type { Log } from '../../src/schema/log-row.js';

describe('buildDatasetQuestions', () => {
  const profile = loadProfile('personal-healthy');
  const oneRow = (i: number): Log => ({ ...generateLog(profile, { masterSeed: 'failed-logs', index: i, rowsMin: 1, rowsMax: 1 }).log, profile: profile.name });

  it('reports each log with its own shortfalls, so that callers can count logs rather than problems', () => {
    // a one-row log falls short in several difficulties at once: more problems than logs
    const logs = [oneRow(0), oneRow(1), oneRow(2)];
    const reported: Array<{ logId: string; problems: readonly string[] }> = [];
    const r = buildDatasetQuestions(logs, { seed: 's', onLog: (l) => reported.push(l) });
    expect(r.problems.length).toBeGreaterThan(logs.length);
    expect(reported.map((l) => l.logId)).toEqual(logs.map((l) => l.logId));
    // every problem is reported with its log, and only there
    expect(reported.flatMap((l) => l.problems)).toEqual(r.problems);
    for (const l of reported) for (const p of l.problems) expect(p.startsWith(`${l.logId}: `)).toBe(true);
  });

  it('rebuilds the logs of the balancing pass from the logs alone, as `cclupe merge` does: the same items', () => {
    // 120 logs of every shipped profile with seed 'c': the pass rebuilds five of them (checked below). Nothing of a
    // log's first build may leak into its rebuild, or the merge of shards would differ from a one-process build.
    const profiles = listProfiles().map((name) => loadProfile(name));
    const logs = Array.from({ length: 120 }, (_, i) => {
      const p = profiles[i % profiles.length];
      return { ...generateLog(p, { masterSeed: 'rb', index: i }).log, profile: p.name };
    });
    const whole = buildDatasetQuestions(logs, { seed: 'c' });
    expect(whole.balancing!.logs_rebuilt).toBeGreaterThan(0);
    const phase1 = buildDatasetQuestions(logs, { seed: 'c', balance: false });
    const byLog = new Map(logs.map((l) => [l.logId, phase1.items.filter((it) => it.log_id === l.logId)]));
    const { replaced } = balanceItems(
      logs.map((l) => ({ logId: l.logId, facts: byLog.get(l.logId)!.map((it) => itemFacts(it)) })),
      (logId) => ({ log: logs.find((l) => l.logId === logId)! }),
      'c',
    );
    expect(replaced.size).toBe(whole.balancing!.logs_rebuilt);
    expect(logs.flatMap((l) => replaced.get(l.logId) ?? byLog.get(l.logId)!)).toEqual(whole.items);
  });
});
