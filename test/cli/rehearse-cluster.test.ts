import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { skipWithout } from '../support/prerequisites.js';

const SCRIPT = resolve(__dirname, '../../scripts/rehearse-cluster.mjs');
const CLI = resolve(__dirname, '../../dist/cli/main.js');

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('npm run rehearse:cluster (small)', () => {
  it('runs 4 shard processes as an Indexed Job, one killed and retried, and merges byte-identical to one process, for generate and eval', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CI: '1' };
    for (const v of ['JOB_COMPLETION_INDEX', 'AWS_BATCH_JOB_ARRAY_INDEX', 'SLURM_ARRAY_TASK_ID']) delete env[v];
    const r = spawnSync(process.execPath, [SCRIPT, '--logs', '60', '--shards', '4', '--eval-logs', '6', '--fault-rate', '0'], { encoding: 'utf8', env });
    const summary = JSON.parse(r.stdout);
    expect(summary.error).toBeUndefined();
    expect(r.status).toBe(0);
    expect(summary.ok).toBe(true);
    expect(summary.generate).toMatchObject({ differences: [], merge: { shards: 4, logs: 60 } });
    expect(summary.generate.killed).toBe('mid-run');
    expect(summary.generate.files).toBeGreaterThan(60);
    expect(summary.eval).toMatchObject({ killed: 'mid-run', items: 90, predictions_identical: true, scores_identical: true, results_identical_but_transport: true });
  }, 600_000);
});
