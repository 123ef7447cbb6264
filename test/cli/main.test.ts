import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_HELP } from '../../src/cli/help.js';
import { tempDir } from '../eval/fixtures.js';
import { skipWithout } from '../support/prerequisites.js';
import { cclupe } from '../support/cli.js';

// The CLI as a whole: what `--version` and `--help` load, one help style for every command, exit codes and JSON
// errors, and a quiet end when the reader of its output goes away.

const CLI = resolve('dist/cli/main.js');
const TRACE = resolve('test/support/trace-imports.mjs');
const VERBS = Object.keys(COMMAND_HELP);

/** The built CLI in this process (`test/support/cli.ts`); what only a process shows (its imports, a closed pipe) is spawned. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const r = await cclupe(args, { env: { COLUMNS: '200', ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The dist modules a command line loads. */
function loadedModules(args: string[]): string[] {
  const file = join(tempDir(), 'imports.txt');
  writeFileSync(file, '');
  const r = spawnSync(process.execPath, ['--import', TRACE, CLI, ...args], { encoding: 'utf8', env: { ...process.env, CI: '1', TRACE_IMPORTS_FILE: file } });
  expect(r.status).toBe(0);
  return readFileSync(file, 'utf8').split('\n').filter((u) => u.includes('/dist/'));
}

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('cclupe (the command line as a whole)', () => {
  it('loads no command module for --version and --help, and only the named one for <command> --help', async () => {
    for (const args of [['--version'], ['--help'], ['help']]) {
      const loaded = loadedModules(args);
      expect(loaded.some((u) => u.endsWith('/dist/cli/main.js'))).toBe(true);
      expect(loaded.filter((u) => u.includes('/dist/cli/commands/'))).toEqual([]);
      expect(loaded.filter((u) => !u.includes('/dist/cli/') && !/\/dist\/(errors|version)\.js$/.test(u))).toEqual([]);
    }
    const evalHelp = loadedModules(['eval', '--help']).filter((u) => u.includes('/dist/cli/commands/'));
    expect(evalHelp.map((u) => u.replace(/.*\/dist\/cli\/commands\//, ''))).toEqual(['eval.js']);
  });

  it('lists every command in the top-level help with its one-line summary', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    for (const verb of VERBS) {
      const summary = COMMAND_HELP[verb].summary;
      expect(summary.length).toBeLessThanOrEqual(90);
      expect(summary).not.toMatch(/SPEC|\n/);
      // Commander wraps at 80 columns off a terminal: compare with the wrapping undone.
      expect(r.stdout.replace(/\n {3,}/g, ' ').replace(/ {2,}/g, '  ')).toContain(`\n  ${verb}  ${summary}\n`);
    }
    expect(r.stdout).toContain('Exit codes: 0 success, 1 bad input, failed check or unreachable endpoint, 2 usage error.');
    // Every command of the CLI has its summary and examples in COMMAND_HELP (a new verb needs an entry there).
    const listed = r.stdout.split('\nCommands:\n')[1].split('\n\n')[0].split('\n').map((l) => /^  (\S+)/.exec(l)?.[1]).filter((v) => v !== undefined);
    expect(listed.sort()).toEqual([...VERBS, 'help'].sort());
  });

  for (const verb of VERBS) {
    it(`${verb} --help follows the house style: Examples, "(default: …)", -o/--out`, async () => {
      const r = await cli([verb, '--help']);
      expect(r.code).toBe(0);
      const [options, examples] = r.stdout.split('\nExamples:\n');
      expect(examples, 'an Examples section').toBeDefined();
      const lines = examples.split('\n').filter((l) => l.trim() !== '');
      expect(lines).toEqual(COMMAND_HELP[verb].examples.map((e) => `  ${e}`));
      // Every option an example uses is one the command declares (sub-commands: `reference build`).
      const declared = verb === 'reference' ? (await cli(['reference', 'build', '--help'])).stdout.split('\nExamples:\n')[0] + options : options;
      for (const flag of examples.match(/(?<=\s)--?[a-z][a-z-]*/g) ?? []) expect(declared, `${verb} example flag ${flag}`).toContain(flag);
      for (const text of [options, declared]) {
        expect(text).not.toMatch(/\(default [^:]|default: "/);
        expect(text).not.toMatch(/\bSPEC\b/);
        for (const m of text.match(/^\s+(?:-o, )?--out <\w+>/gm) ?? []) expect(m.trim()).toMatch(/^-o, --out <(dir|file)>$/);
      }
    });
  }

  it('gives a sub-command its own examples, and `help <command> <sub>` its help', async () => {
    const sub = await cli(['reference', 'build', '--help']);
    expect(sub.code).toBe(0);
    const examples = sub.stdout.split('\nExamples:\n')[1]?.split('\n').filter((l) => l.trim() !== '');
    expect(examples).toEqual(COMMAND_HELP.reference.examples.filter((e) => e.startsWith('cclupe reference build ')).map((e) => `  ${e}`));
    expect(examples?.length).toBeGreaterThan(0);
    const viaHelp = await cli(['help', 'reference', 'build']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(sub.stdout);
  });

  it('exits 2 with one JSON object on stderr for a usage error under --json', async () => {
    const r = await cli(['score', '--json', '--no-such-flag']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const err = JSON.parse(r.stderr);
    expect(err.error).toMatchObject({ kind: 'usage', exit: 2 });
    expect(err.error.message).toContain('--no-such-flag');
  });

  it('exits 1 with the file in a JSON error for unreadable input under --json, and as one line without it', async () => {
    const dir = tempDir();
    const j = await cli(['show', dir, 'p000001-q01', '--json']);
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stderr).error).toMatchObject({ kind: 'input', exit: 1, file: join(dir, 'questions.jsonl') });
    const t = await cli(['show', dir, 'p000001-q01']);
    expect(t.code).toBe(1);
    expect(t.stderr).toBe(`cclupe: ${join(dir, 'questions.jsonl')}: no questions.jsonl (run cclupe questions first)\n`);
  });

  it('exits 2 with a JSON error for a bad option value under --json (eval --temperature)', async () => {
    const r = await cli(['eval', tempDir(), '--model', 'baseline:oracle', '--temperature', 'hot', '--json', '-o', join(tempDir(), 'r')]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error).toMatchObject({ kind: 'usage', exit: 2, field: '--temperature' });
  });

  it('ends quietly when the reader of its output goes away (cclupe … | head)', async () => {
    const ds = join(tempDir(), 'ds');
    expect((await cli(['generate', '--count', '20', '--seed', 'epipe', '--questions', '--workers', '1', '-o', ds])).code).toBe(0);
    const errFile = join(tempDir(), 'stderr.txt');
    // More than a pipe buffer (64 KiB) of JSON, read 10 bytes of it.
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" score "${ds}" --baseline random --json 2>"${errFile}" | head -c 10`], { encoding: 'utf8' });
    expect(r.stdout).toHaveLength(10);
    expect(readFileSync(errFile, 'utf8')).toBe('');
  });
});
