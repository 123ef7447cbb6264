import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../eval/fixtures.js';
import { skipWithout } from '../support/prerequisites.js';

// Long steps say what they do: progress bars on a terminal only, and perturb's size preview before it starts.

const CLI = resolve('dist/cli/main.js');
const hasScript = existsSync('/usr/bin/script');

/** Runs the CLI with stdout and stderr on a pseudo-terminal (util-linux `script`); returns what the terminal showed. */
function onTty(args: string[]): { code: number | null; screen: string } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CI;
  const cmd = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = spawnSync('script', ['-qec', cmd, '/dev/null'], { encoding: 'utf8', env });
  return { code: r.status, screen: r.stdout };
}

function piped(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CI;
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function filesUnder(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      const r = filesUnder(p);
      files += r.files;
      bytes += r.bytes;
    } else {
      files++;
      bytes += statSync(p).size;
    }
  }
  return { files, bytes };
}

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('progress and previews', () => {
  let ds = '';
  beforeAll(() => {
    ds = join(tempDir(), 'ds');
    const g = spawnSync(process.execPath, [CLI, 'generate', '--count', '12', '--seed', 'progress', '--questions', '--workers', '1', '-o', ds], {
      encoding: 'utf8',
      env: { ...process.env, CI: '1' },
    });
    expect(g.status, g.stderr).toBe(0);
  });

  it.skipIf(!hasScript)('questions shows a reading bar and a building bar on a terminal', () => {
    const r = onTty(['questions', ds]);
    expect(r.code).toBe(0);
    expect(r.screen).toMatch(/questions: read .*12\/12/);
    expect(r.screen).toMatch(/questions: build .*12\/12/);
  });

  it('questions prints no bar into a pipe', () => {
    const r = piped(['questions', ds]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('perturb says how many files and bytes it will write before it starts, and the estimate holds', () => {
    const out = join(tempDir(), 'pert');
    const r = piped(['perturb', ds, '--ops', 'preserving', '--severity', '1,3', '-o', out]);
    expect(r.code).toBe(0);
    const m = /^cclupe perturb: will write up to ([\d,]+) files, about ([\d.]+) (KB|MB), to .* \(12 logs × (\d+) operators × 2 severities\)\n$/.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    const written = filesUnder(out);
    expect(Number(m![1].replace(/,/g, ''))).toBeGreaterThanOrEqual(written.files);
    const estimate = Number(m![2]) * (m![3] === 'MB' ? 1e6 : 1e3);
    expect(estimate / written.bytes).toBeGreaterThan(0.6);
    expect(estimate / written.bytes).toBeLessThan(1.6);
  });
});
