import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { claimOutputDir, claimOutputFile, removeOwnEntries } from '../../src/io/output-guard.js';
import { CLI, cclupe as run } from '../support/cli.js';

/** The built CLI in this process (`test/support/cli.ts`); the race's first run is a process of its own. */
async function cclupe(args: string[], cwd: string) {
  const r = await run(args, { cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('claimOutputDir: a new directory, or an output of ours, else refused (D4)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cclupe-guard-'));
  });

  it('creates a new directory with its parents, marks it ours and locks it until released', async () => {
    const out = join(dir, 'a', 'b');
    const claim = claimOutputDir(out, { kind: 'dataset' });
    expect(existsSync(join(out, '.lock'))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, '.cclupe-output.json'), 'utf8')).kind).toBe('dataset');
    expect(claim.runId).toMatch(/^\d+-[0-9a-f]{8}$/);
    expect(claim.scratch()).toBe(join(out, `.cclupe-tmp-${claim.runId}`));
    claim.release();
    expect(readdirSync(out)).toEqual(['.cclupe-output.json']);
    claimOutputDir(out, { kind: 'dataset' }).release(); // ours: accepted again
  });

  it('refuses a directory holding someone else’s files, one line naming them, unless --force; removes nothing', async () => {
    writeFileSync(join(dir, 'labels.jsonl'), 'mine\n');
    expect(() => claimOutputDir(dir, { kind: 'dataset' })).toThrow(UsageError);
    expect(() => claimOutputDir(dir, { kind: 'dataset' })).toThrow(/--out: .* is not empty and holds no cclupe dataset \(labels\.jsonl\)/);
    claimOutputDir(dir, { kind: 'dataset', force: true }).release();
    expect(readFileSync(join(dir, 'labels.jsonl'), 'utf8')).toBe('mine\n');
  });

  it('refuses an output of ours of another kind, and a file where a directory is wanted (and the reverse)', async () => {
    claimOutputDir(dir, { kind: 'run' }).release();
    expect(() => claimOutputDir(dir, { kind: 'dataset' })).toThrow(/holds a cclupe run output, not a dataset/);
    writeFileSync(join(dir, 'f'), 'x');
    expect(() => claimOutputDir(join(dir, 'f'), { kind: 'dataset' })).toThrow(/is a file, not a directory/);
    expect(() => claimOutputDir(join(dir, 'f', 'sub'), { kind: 'dataset' })).toThrow(/is a file, not a directory/);
    expect(() => claimOutputFile(dir, '--html')).toThrow(/--html: .* is a directory, not a file/);
    expect(claimOutputFile(join(dir, 'new', 'r.html'), '--html')).toBe(join(dir, 'new', 'r.html'));
  });

  it('refuses a second claim while the first holds the lock, and takes over the lock of a dead process', async () => {
    claimOutputDir(dir, { kind: 'dataset' }).release();
    writeFileSync(join(dir, '.lock'), `${process.ppid}\n`); // a live process other than this one
    expect(() => claimOutputDir(dir, { kind: 'dataset', command: 'generate' })).toThrow(/another generate \(pid \d+\) is using/);
    writeFileSync(join(dir, '.lock'), '999999999\n');
    claimOutputDir(dir, { kind: 'dataset' }).release();
  });

  it('removeOwnEntries removes only our names, and the directory only when nothing else is left', async () => {
    mkdirSync(join(dir, 'p'));
    writeFileSync(join(dir, 'p', 'chunk-1'), '');
    writeFileSync(join(dir, 'p', 'yours.txt'), 'keep');
    removeOwnEntries(join(dir, 'p'), (n) => n.startsWith('chunk-'));
    expect(readdirSync(join(dir, 'p'))).toEqual(['yours.txt']);
  });
});

describe('generate, perturb and eval use the guard (D4, D7)', () => {
  it('generate refuses a directory with a user labels.jsonl and a .parts/ folder, and with --force keeps .parts/ files it did not write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-guard-gen-'));
    const u = join(dir, 'u');
    mkdirSync(join(u, '.parts'), { recursive: true });
    writeFileSync(join(u, 'labels.jsonl'), 'x\n');
    writeFileSync(join(u, '.parts', 'keep.txt'), 'mine');
    const r = await cclupe(['generate', '--count', '5', '--out', 'u', '--questions'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^cclupe: --out: .*u is not empty and holds no cclupe dataset/);
    expect(readFileSync(join(u, 'labels.jsonl'), 'utf8')).toBe('x\n');
    expect(readFileSync(join(u, '.parts', 'keep.txt'), 'utf8')).toBe('mine');
    const forced = await cclupe(['generate', '--count', '5', '--out', 'u', '--force'], dir);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(u, '.parts', 'keep.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(u, 'manifest.json'))).toBe(true);
  });

  it('a second generate into a directory in use is refused (exit 2) and the first finishes cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-guard-race-'));
    // 600 logs keep the first busy well past the second's check, which runs in this process without a node start
    const first = spawn(process.execPath, [CLI, 'generate', '--count', '600', '--workers', '1', '--out', 'race'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let firstErr = '';
    first.stderr.on('data', (d: Buffer) => (firstErr += d.toString()));
    const done = new Promise<number | null>((res) => first.on('exit', (code) => res(code)));
    for (let i = 0; i < 200 && !existsSync(join(dir, 'race', '.lock')); i++) await new Promise((r) => setTimeout(r, 25));
    const second = await cclupe(['generate', '--count', '600', '--workers', '1', '--out', 'race'], dir);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/another generate \(pid \d+\) is using/);
    expect(await done).toBe(0);
    expect(firstErr).toBe('');
    expect(readdirSync(join(dir, 'race')).sort()).toEqual(['.cclupe-output.json', 'labels.jsonl', 'logs', 'manifest.json']);
  }, 120_000);

  it('perturb refuses a non-empty foreign --out and a file as --out, each one line, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-guard-perturb-'));
    expect((await cclupe(['generate', '--count', '2', '--out', 'ds'], dir)).code).toBe(0);
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'notes.txt'), 'keep');
    const r = await cclupe(['perturb', 'ds', '--ops', 'balance-offset', '--out', 'mine'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^cclupe: --out: .*mine is not empty and holds no cclupe perturbed/);
    writeFileSync(join(dir, 'afile'), 'x');
    const f = await cclupe(['perturb', 'ds', '--ops', 'balance-offset', '--out', 'afile'], dir);
    expect(f.code).toBe(2);
    expect(f.stderr).toMatch(/^cclupe: --out: afile is a file, not a directory\n$/);
  });
});

describe('claimOutputFile: every command checks its output paths before the work (one line, exit 2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cclupe-guard-files-'));
  writeFileSync(join(dir, 'afile'), 'hi\n');
  mkdirSync(join(dir, 'adir'));

  const cases: Array<{ args: string[]; line: RegExp }> = [
    { args: ['reference', 'build', 'ds', '-o', 'afile/r.json'], line: /^cclupe: --out: a parent of afile\/r\.json is a file, not a directory\n$/ },
    { args: ['reference', 'build', 'ds', '-o', 'adir'], line: /^cclupe: --out: adir is a directory, not a file\n$/ },
    { args: ['questions', 'ds', '--shard', '1/2', '-o', 'afile'], line: /^cclupe: --out: .*afile is a file, not a directory\n$/ },
    { args: ['fit', 'ds', '-o', 'afile/f.json'], line: /^cclupe: --out: a parent of afile\/f\.json is a file, not a directory\n$/ },
    { args: ['fit', 'ds', '-o', 'adir'], line: /^cclupe: --out: adir is a directory, not a file\n$/ },
    { args: ['fit', 'ds', '-o', 'f.json', '--report', 'afile/f.html'], line: /^cclupe: --report: a parent of afile\/f\.html is a file, not a directory\n$/ },
    { args: ['validity', 'ds', '--html', 'afile/v.html'], line: /^cclupe: --html: a parent of afile\/v\.html is a file, not a directory\n$/ },
    { args: ['validity', 'ds', '--html', 'adir'], line: /^cclupe: --html: adir is a directory, not a file\n$/ },
  ];
  for (const c of cases) {
    it(`cclupe ${c.args.join(' ')}: refused up front, nothing written`, async () => {
      if (!existsSync(join(dir, 'ds'))) expect((await cclupe(['generate', '--count', '4', '--out', 'ds', '--questions'], dir)).code).toBe(0);
      const r = await cclupe(c.args, dir);
      expect(r.stderr).toMatch(c.line);
      expect(r.code).toBe(2);
      expect(readFileSync(join(dir, 'afile'), 'utf8')).toBe('hi\n');
      expect(readdirSync(join(dir, 'adir'))).toEqual([]);
      expect(existsSync(join(dir, 'f.json'))).toBe(false);
    });
  }
});

describe('claimOutputDir: the temporary files a killed run left are removed when the next run takes the directory', () => {
  /** Every dot-file named like a temporary file of ours, anywhere under `dir`. */
  const temps = (dir: string): string[] =>
    (readdirSync(dir, { recursive: true }) as string[]).filter((p) => /(^|\/)\.[^/]+\.tmp-|(^|\/)\.cclupe-tmp-/.test(p)).sort();

  it('sweeps the folders its kind writes into, and keeps files that only look alike', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-guard-sweep-'));
    claimOutputDir(dir, { kind: 'perturbed' }).release();
    mkdirSync(join(dir, 'logs'));
    mkdirSync(join(dir, 'dialects'));
    mkdirSync(join(dir, '.cclupe-tmp-999999-0badf00d'));
    for (const f of ['.labels.jsonl.tmp-999999-0badf00d', 'logs/.p000001.tsv.tmp-999999-1-7', 'dialects/.p000001--x.json.tmp-999999-0-3', 'notes.tmp-1', '.notes.tmp']) {
      writeFileSync(join(dir, f), 'half');
    }
    claimOutputDir(dir, { kind: 'perturbed' }).release();
    expect(temps(dir)).toEqual([]);
    expect(readFileSync(join(dir, 'notes.tmp-1'), 'utf8')).toBe('half');
    expect(readFileSync(join(dir, '.notes.tmp'), 'utf8')).toBe('half');
  });

  it('perturb: a re-run after kill -9 succeeds and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-guard-perturb-kill-'));
    expect((await cclupe(['generate', '--count', '3', '--seed', '3', '--out', 'ds', '--questions'], dir)).code).toBe(0);
    const args = ['perturb', 'ds', '--ops', 'column-reorder,decimal-comma,balance-offset', '--severity', '1,5', '--workers', '1'];
    const child = spawn(process.execPath, [CLI, ...args, '-o', 'pk'], { cwd: dir, stdio: 'ignore', env: { ...process.env, CI: '1' } });
    const exited = new Promise((done) => child.on('exit', done));
    // killed once its JSON Lines files are open and a perturbed log is written: mid-run
    for (let i = 0; i < 400 && !(existsSync(join(dir, 'pk', 'logs')) && readdirSync(join(dir, 'pk', 'logs')).length > 0); i++) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    await exited;
    // what a kill inside a thread's write leaves in the sub-folders, planted so that the sweep of each is tested
    mkdirSync(join(dir, 'pk', 'dialects'), { recursive: true });
    writeFileSync(join(dir, 'pk', 'logs', '.p000001--x.tsv.tmp-999999-1-7'), 'half');
    writeFileSync(join(dir, 'pk', 'dialects', '.p000001--x.json.tmp-999999-0-3'), 'half');
    expect(temps(join(dir, 'pk')).length).toBeGreaterThan(1);
    const again = await cclupe([...args, '-o', 'pk'], dir);
    expect(again.code, again.stderr).toBe(0);
    expect(temps(join(dir, 'pk'))).toEqual([]);
  }, 60_000);

  it('export: a directory an export was killed in is written again without --force, its temporary files removed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-guard-export-'));
    expect((await cclupe(['generate', '--count', '3', '--seed', '3', '--out', 'ds'], dir)).code).toBe(0);
    expect((await cclupe(['export', 'ds', '-o', 'whole'], dir)).code).toBe(0);
    // what a killed export leaves: its first table renamed into place, the next one's temporary file, no marker
    mkdirSync(join(dir, 'cut'));
    writeFileSync(join(dir, 'cut', 'logs.parquet'), readFileSync(join(dir, 'whole', 'logs.parquet')));
    writeFileSync(join(dir, 'cut', '.labels.parquet.tmp-999999-0badf00d'), 'half');
    const r = await cclupe(['export', 'ds', '-o', 'cut'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(temps(join(dir, 'cut'))).toEqual([]);
    for (const f of ['logs.parquet', 'labels.parquet']) expect(readFileSync(join(dir, 'cut', f))).toEqual(readFileSync(join(dir, 'whole', f)));
    // and a finished export can be run again into its own directory
    expect((await cclupe(['export', 'ds', '-o', 'whole'], dir)).code).toBe(0);
  });
});
