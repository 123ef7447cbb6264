import { describe, expect, it } from 'vitest';
import { parseShardOption, SHARD_INDEX_VARIABLES } from '../../src/cli/shard-option.js';
import { UsageError } from '../../src/errors.js';

const usage = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).field).toBe('--shard');
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
};

describe('parseShardOption', () => {
  it('takes an explicit k/N as given, whatever the environment says', () => {
    expect(parseShardOption('3/8', { JOB_COMPLETION_INDEX: '0' })).toEqual({ k: 3, n: 8, from: null });
    expect(parseShardOption(' 1/1 ', {})).toEqual({ k: 1, n: 1, from: null });
  });

  it('reads auto/N from JOB_COMPLETION_INDEX, then AWS_BATCH_JOB_ARRAY_INDEX, then SLURM_ARRAY_TASK_ID (index i is shard i+1)', () => {
    expect(SHARD_INDEX_VARIABLES).toEqual(['JOB_COMPLETION_INDEX', 'AWS_BATCH_JOB_ARRAY_INDEX', 'SLURM_ARRAY_TASK_ID']);
    const all = { JOB_COMPLETION_INDEX: '2', AWS_BATCH_JOB_ARRAY_INDEX: '5', SLURM_ARRAY_TASK_ID: '6' };
    expect(parseShardOption('auto/8', all)).toEqual({ k: 3, n: 8, from: 'JOB_COMPLETION_INDEX' });
    expect(parseShardOption('auto/8', { ...all, JOB_COMPLETION_INDEX: '' })).toEqual({ k: 6, n: 8, from: 'AWS_BATCH_JOB_ARRAY_INDEX' });
    expect(parseShardOption('auto/8', { SLURM_ARRAY_TASK_ID: '0' })).toEqual({ k: 1, n: 8, from: 'SLURM_ARRAY_TASK_ID' });
    expect(parseShardOption('auto/8', { SLURM_ARRAY_TASK_ID: '7' })).toEqual({ k: 8, n: 8, from: 'SLURM_ARRAY_TASK_ID' });
  });

  it('is a usage error naming the variables when none is set', () => {
    expect(usage(() => parseShardOption('auto/4', {}))).toBe(
      '--shard auto/4: none of JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX, SLURM_ARRAY_TASK_ID is set; run it as an array task or give k/4',
    );
  });

  it('is a usage error naming the variable when the index is not below N or not a whole number', () => {
    expect(usage(() => parseShardOption('auto/4', { JOB_COMPLETION_INDEX: '4' }))).toBe('--shard auto/4: JOB_COMPLETION_INDEX=4 is not below 4 (indices run from 0 to 3)');
    expect(usage(() => parseShardOption('auto/4', { AWS_BATCH_JOB_ARRAY_INDEX: '-1' }))).toMatch(/AWS_BATCH_JOB_ARRAY_INDEX=-1 is not a whole number/);
    expect(usage(() => parseShardOption('auto/4', { SLURM_ARRAY_TASK_ID: '1.5' }))).toMatch(/SLURM_ARRAY_TASK_ID=1.5 is not a whole number/);
  });

  it('refuses malformed values', () => {
    for (const bad of ['0/4', '5/4', '1/0', 'auto/0', 'auto', '2', 'a/4', '1/4/2']) expect(usage(() => parseShardOption(bad, { JOB_COMPLETION_INDEX: '0' }))).toMatch(/--shard/);
  });
});
