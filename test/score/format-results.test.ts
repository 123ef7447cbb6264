import { describe, expect, it } from 'vitest';
import { baselinePredictions } from '../../src/score/baselines.js';
import { formatComparison, formatLeaderboard, formatPValue, formatRunCsv, formatScoreDelta, formatScorePercent, formatStability, formatTable3Row } from '../../src/score/format-results.js';
import { comparePaired } from '../../src/score/compare-paired.js';
import { csvSafeCell, renderScoreTable } from '../../src/score/render-table.js';
import { scoreRun } from '../../src/score/score-run.js';
import { makeItem } from './make-item.js';

describe('formatScorePercent', () => {
  it('prints ×100 with one decimal, rounding half away from zero', () => {
    expect(formatScorePercent(1)).toBe('100.0');
    expect(formatScorePercent(0)).toBe('0.0');
    expect(formatScorePercent(1 / 3)).toBe('33.3');
    // 0.1235·100 is 12.349999999999998 in doubles; a reader of the exact value expects 12.4.
    expect(formatScorePercent(0.1235)).toBe('12.4');
    expect(formatScorePercent(null)).toBe('–');
  });
});

describe('formatScoreDelta', () => {
  it('signs differences', () => {
    expect(formatScoreDelta(0.031)).toBe('+3.1');
    expect(formatScoreDelta(-0.004)).toBe('-0.4');
    expect(formatScoreDelta(0)).toBe('0.0');
  });
});

describe('formatPValue', () => {
  it('prints four significant digits', () => {
    expect(formatPValue(0.3533280324715828)).toBe('0.3533');
    expect(formatPValue(1)).toBe('1.000');
    expect(formatPValue(2.9103830456733704e-11)).toBe('2.910e-11');
  });
});

describe('csvSafeCell', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvSafeCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvSafeCell('+1 model')).toBe("'+1 model");
    expect(csvSafeCell('-model')).toBe("'-model");
    expect(csvSafeCell('@sum')).toBe("'@sum");
  });

  it('defuses the full-width formula leads too, as the log schema defines them (＝ ＋ － ＠)', () => {
    expect(csvSafeCell('＝HYPERLINK("http://x")')).toBe(`"'＝HYPERLINK(""http://x"")"`);
    expect(csvSafeCell('＋1')).toBe("'＋1");
    expect(csvSafeCell('－model')).toBe("'－model");
    expect(csvSafeCell('＠sum')).toBe("'＠sum");
    expect(csvSafeCell('\tx')).toBe("'\tx");
  });

  it('leaves numbers and plain text alone and quotes commas', () => {
    expect(csvSafeCell('-3.5')).toBe('-3.5');
    expect(csvSafeCell('gpt')).toBe('gpt');
    expect(csvSafeCell('a,b')).toBe('"a,b"');
  });
});

describe('renderScoreTable', () => {
  const t = { headers: ['Method', 'Avg.'], rows: [['m|1', '50.0']], numeric: [false, true] };
  it('renders Markdown with right-aligned numbers and escaped pipes', () => {
    expect(renderScoreTable(t, 'markdown')).toBe('| Method | Avg. |\n|:---|---:|\n| m\\|1 | 50.0 |\n');
  });
  it('renders aligned text', () => {
    expect(renderScoreTable(t, 'text')).toBe('Method  Avg.\nm|1     50.0\n');
  });
});

describe('formatLeaderboard', () => {
  const items = [makeItem({ id: 'a', answer: ['A'] }), makeItem({ id: 'b', format: 'multi', answer: ['A', 'B'], cognition: 'evaluation' })];
  const runs = (['abstain', 'oracle', 'first-option'] as const).map((n) =>
    scoreRun(items, baselinePredictions(n, items), {}, { label: n === 'abstain' ? '=cmd' : n, bootstrap: false }),
  );

  it('sorts by LogScore and prints one Table 3 row per run', () => {
    // first-option: single A ✓ (1), multi {A} ⊂ {A,B} (1/2) → Mem. 100.0, Eva. 50.0, S_cog = 3/4, S_dom = 3/4 (one domain),
    // Avg. 75.0, Mrate 0 → LogScore 75.0.
    expect(formatLeaderboard(runs, 'text')).toBe(
      [
        'Method         Mem.  Com.  Ana.   Eva.   Sin.   Mul.  Cal.   Avg.  LogScore  n  Coverage',
        'oracle        100.0     –     –  100.0  100.0  100.0     –  100.0     100.0  2     100.0',
        'first-option  100.0     –     –   50.0  100.0   50.0     –   75.0      75.0  2     100.0',
        '=cmd            0.0     –     –    0.0    0.0    0.0     –    0.0       0.0  2     100.0',
        '',
      ].join('\n'),
    );
  });

  it('keeps CSV cells safe, and leaves the cells of columns without items empty (not "–"), so they read as numbers', () => {
    const csv = formatLeaderboard(runs, 'csv');
    expect(csv.split('\n')[3]).toBe("'=cmd,0.0,,,0.0,0.0,0.0,,0.0,0.0,2,100.0");
    expect(csv).not.toContain('–');
  });

  it('formats a Table 3 row on its own', () => {
    expect(formatTable3Row(runs[2].table3)).toEqual(['100.0', '–', '–', '50.0', '100.0', '50.0', '–', '75.0', '75.0']);
  });

  it('writes a long-format CSV of one run', () => {
    const csv = formatRunCsv(runs[2]);
    expect(csv.split('\n')[0]).toBe('section,key,n,score,ci_lo,ci_hi');
    expect(csv).toContain('\nsummary,sUnbiased,2,75.0,,\n');
    expect(csv).toContain('\ndomain,stability,2,75.0,,\n');
  });
});

describe('formatStability', () => {
  const report = {
    schema: 'cclupe-stability/1' as const,
    label: 'gpt',
    runs: 3,
    labels: ['r1', 'r2', 'r3'],
    columns: Object.fromEntries(
      ['mem', 'com', 'ana', 'eva', 'sin', 'mul', 'cal', 'avg', 'logScore', 'sDom', 'sCog', 'mrate'].map((k) => [
        k,
        k === 'mul' ? { mean: null, std: null, min: null, max: null, k: 0 } : { mean: 0.42, std: 0.0047, min: 0.41, max: 0.43, k: 3 },
      ]),
    ),
  };

  it('prints mean ± std per column like CCLUPE Table 5', () => {
    const text = formatStability(report, 'text');
    expect(text.split('\n')[0]).toBe('Stability over 3 runs (mean ± sample std, ×100)');
    expect(text.split('\n')[2]).toMatch(/^gpt +3 +42\.0 ± 0\.5 +42\.0 ± 0\.5 /);
    expect(text).toContain('–');
  });

  it('splits mean and std into CSV columns', () => {
    const csv = formatStability(report, 'csv').split('\n');
    expect(csv[0].startsWith('Method,K,Mem. mean,Mem. std,')).toBe(true);
    expect(csv[1].startsWith('gpt,3,42.0,0.5,')).toBe(true);
  });
});

describe('formatComparison', () => {
  const items = [makeItem({ id: 'a', answer: ['A'], log_id: 'L1' }), makeItem({ id: 'b', answer: ['B'], log_id: 'L2' })];
  const x = scoreRun(items, baselinePredictions('oracle', items), {}, { label: 'oracle', bootstrap: false });
  const y = scoreRun(items, baselinePredictions('first-option', items), {}, { label: 'first', bootstrap: false });

  it('prints A, B, B − A and both McNemar lines', () => {
    const text = formatComparison(comparePaired(x, y, { bootstrap: false }), 'text');
    // first-option: right on a (A), wrong on b → Sin. 50.0, B − A = −50.0; single-choice discordant (1, 0) → p = 1.
    expect(text).toContain('\nSin.      100.0  50.0  -50.0  –\n');
    expect(text).toContain('McNemar exact (single-choice correctness): n=2, both correct 1, only A 1, only B 0, both wrong 0, p=1.000');
  });
});
