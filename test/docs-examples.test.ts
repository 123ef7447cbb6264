import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_HELP } from '../src/cli/help.js';
import { start, type Server } from './support/openai-server.js';
import { skipWithout } from './support/prerequisites.js';
import { cclupe } from './support/cli.js';

// Every example in the README's "A typical session" and in docs/*.md is run here, so that the docs and the behaviour
// cannot drift apart; every option of every usage synopsis must be one the command declares.
//
// Each document runs in a fresh directory holding `profiles/` and `dialects/` of this repository, `../shared` when
// the shared data exist, and what its examples take as given: `out/ds`, `out/demo` (a generated dataset with
// questions), `runs/m1` (an oracle run on it) and `run.yaml` (the document's YAML block). Documented substitutions,
// to keep this fast and offline:
//   - `--count N` / `-n N` → 20 logs (enough for the `p000017` items the examples show), 4 in docs/perturb.md, whose
//     examples perturb every log with every operator and then run a model on all of the copies; except where a later
//     drift check's claim rests on the documented sample size (KEEP_COUNT);
//   - `--severity 1,3,5` → `--severity 5` (perturb, the heaviest level only);
//   - endpoints (`http://127.0.0.1:8000/v1`, `https://api.openai.com/v1`, `URL`) → a loopback OpenAI server answering
//     every model name the docs use; keys (`…`, `...`) → a test key.
// Commands must exit 0 unless EXPECTED_EXIT says otherwise (with the reason).

const ROOT = resolve('.');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const SHARED = resolve(ROOT, '..', 'shared');
const MODELS = ['my-model', 'Qwen/Qwen2.5-7B-Instruct', 'gpt-4o-mini', 'o4-mini', 'M'];
/** Commands documented (in their comment or text) to exit non-zero, by a part of the command line. */
const EXPECTED_EXIT: Array<[part: string, code: number, why: string]> = [
  ['drift data/run1 --reference profiles/reference/personal-healthy.json', 1, 'the mix holds overdue logs, whose Loan Repayment share is 3× the healthy reference: the rare-category check flags it'],
];
/** Generate commands whose documented count stays, because a drift check after them claims exit 0 at that size. */
const KEEP_COUNT = ['--profile ./berka-fit.json', '--profile personal-healthy --seed new'];
/** Logs generated per document where 20 would be slow. */
const COUNT: Record<string, number> = { 'docs/perturb.md': 4 };

interface Block {
  doc: string;
  line: number;
  lang: string;
  text: string;
}

function blocks(doc: string): Block[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const out: Block[] = [];
  let open: { lang: string; line: number; body: string[] } | null = null;
  lines.forEach((l, i) => {
    if (l.startsWith('```')) {
      if (open) {
        out.push({ doc, line: open.line, lang: open.lang, text: open.body.join('\n') });
        open = null;
      } else open = { lang: l.slice(3).trim(), line: i + 1, body: [] };
    } else open?.body.push(l);
  });
  return out;
}

/** Command lines of a block: continuations joined, comments and blank lines dropped, `a && b` split. */
function commands(text: string): string[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').replace(/^#.*$/, '').trim())
    .filter((l) => l !== '')
    .flatMap((l) => l.split(/\s+&&\s+/));
}

const isSynopsis = (cmd: string) => /<[a-z]|\[--|\[-[a-z]|…\]|\.\.\.\]/i.test(cmd);

/** The substitutions listed above. */
function substitute(cmd: string, url: string, count = 20): string {
  const keep = KEEP_COUNT.some((part) => cmd.includes(part));
  return cmd
    .replace(/(--count|-n) \d+/g, (m, flag: string) => (keep ? m : `${flag} ${count}`))
    .replace(/--severity 1,3,5/g, '--severity 5')
    .replace(/https?:\/\/127\.0\.0\.1:8000\/v1|https:\/\/api\.openai\.com\/v1|(?<=--base-url )URL\b/g, url)
    .replace(/(OPENAI_API_KEY=)(…|\.\.\.)/g, '$1sk-docs-test');
}

const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

/** The runnable examples of a document: README's "A typical session"; every sh block of docs/. */
function examples(doc: string): string[] {
  const bs = blocks(doc);
  if (doc === 'README.md') {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const at = text.split('\n').findIndex((l) => l === '## A typical session') + 1;
    return commands(bs.find((b) => b.line > at && b.lang === 'sh')!.text);
  }
  return bs.filter((b) => b.lang === 'sh').flatMap((b) => commands(b.text)).filter((c) => !isSynopsis(c) && /\bcclupe\b/.test(c));
}

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('the examples in the README and docs/', () => {
  let server: Server;
  let bin = '';
  let given = '';

  // Asynchronous: the loopback server lives in this process and must keep answering while a command runs. A plain
  // `cclupe …` line (no quoting, glob, variable, pipe or redirection) runs the built CLI in this process
  // (test/support/cli.ts), which reads the same arguments the shell would pass; every other line goes through sh.
  const run = async (cwd: string, cmd: string): Promise<{ status: number | null; stderr: string }> => {
    const plain = /^(?:npx )?cclupe((?: [^\s'"`$|&;<>()*?[\]{}~\\]+)+)$/.exec(cmd);
    if (plain) {
      const r = await cclupe(plain[1].trim().split(' '), { cwd });
      return { status: r.status, stderr: r.stderr };
    }
    return shell(cwd, cmd);
  };
  const shell = (cwd: string, cmd: string) =>
    new Promise<{ status: number | null; stderr: string }>((done) => {
      const child = spawn('sh', ['-c', cmd], { cwd, env: { ...process.env, CI: '1', PATH: `${bin}:${process.env.PATH}` }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (status) => done({ status, stderr }));
    });

  beforeAll(async () => {
    server = await start({ policy: 'first', models: MODELS, structuredOutput: true });
    const tmp = mkdtempSync(join(tmpdir(), 'cclupe-docs-'));
    bin = join(tmp, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'cclupe'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
    writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = cclupe ] && shift\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
    // What the examples take as given, built once and copied into each document's directory.
    given = join(tmp, 'given');
    mkdirSync(given);
    for (const c of ['cclupe generate --count 20 --seed 7 --out out/ds --questions --workers 1', 'cp -r out/ds out/demo', 'cclupe eval out/demo --model baseline:oracle --out runs/m1']) {
      const r = await run(given, c);
      expect(r.status, `${c}\n${r.stderr}`).toBe(0);
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  function workdir(doc: string): string {
    const base = mkdtempSync(join(tmpdir(), 'cclupe-doc-'));
    const cwd = join(base, 'work');
    cpSync(given, cwd, { recursive: true });
    for (const d of ['profiles', 'dialects']) symlinkSync(join(ROOT, d), join(cwd, d));
    if (existsSync(SHARED)) symlinkSync(SHARED, join(base, 'shared'));
    const yaml = blocks(doc).find((b) => b.lang === 'yaml' && /^base_url:/m.test(b.text));
    if (yaml) writeFileSync(join(cwd, 'run.yaml'), substitute(yaml.text, server.url));
    return cwd;
  }

  for (const doc of DOCS) {
    const cmds = examples(doc);
    if (cmds.length === 0) continue;
    it(`${doc}: every example runs as documented`, async () => {
      const cwd = workdir(doc);
      for (const original of cmds) {
        if (original.includes('../shared/') && !existsSync(SHARED)) continue;
        if (original.startsWith('npm run')) continue; // rebuilds shipped files; run by hand
        const cmd = substitute(original, server.url, COUNT[doc]);
        const r = await run(cwd, cmd);
        const want = EXPECTED_EXIT.find(([part]) => original.includes(part))?.[1] ?? 0;
        expect({ cmd: original, code: r.status }, r.stderr.slice(-2000)).toEqual({ cmd: original, code: want });
        expect(r.stderr, original).not.toMatch(/internal error|\n\s+at .*\(.*:\d+:\d+\)/);
      }
    }, 300_000);
  }

  it('every option of every usage synopsis is one the command declares', async () => {
    // each command's help from the built CLI in this process (test/support/cli.ts)
    const help = new Map<string, string>();
    for (const verb of Object.keys(COMMAND_HELP)) {
      const args = verb === 'reference' ? ['reference', 'build', '--help'] : [verb, '--help'];
      help.set(verb, (await cclupe(args)).stdout);
    }
    const helpOf = (verb: string) => help.get(verb)!;
    let checked = 0;
    for (const doc of DOCS) {
      for (const b of blocks(doc)) {
        for (const cmd of commands(b.text)) {
          const m = /(?:^|\s)cclupe ([a-z]+)\b/.exec(cmd);
          if (!m || !(m[1] in COMMAND_HELP)) continue;
          for (const flag of cmd.match(/(?<=[\s[(|])--?[a-z][a-z-]*/g) ?? []) {
            expect(helpOf(m[1]), `${doc}:${b.line}: cclupe ${m[1]} ${flag}`).toMatch(new RegExp(`(^|[\\s,])${flag}\\b`, 'm'));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

