import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/io/profiles.js';
import { buildDatasetQuestions } from '../../src/questions/dataset.js';
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
});
