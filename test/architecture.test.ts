import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The house as README.md and docs/architecture.md draw it, read from the import statements of src/.
// A part is a folder of src/ (or a top-level file: errors, version, hash, index). An arrow A → B means that a file of
// A may import a file of B. Anything not listed here is forbidden.

/** The pure core: data in, data out. */
const CORE = ['schema', 'random', 'log', 'reader', 'signals', 'synth', 'validate', 'drift', 'questions', 'score', 'perturb', 'fit', 'validity'] as const;
/** Leaf modules every part may import: error classes, the version string, stable JSON and SHA-256. */
const SHARED = ['errors', 'version', 'hash'] as const;

const ALLOWED: Record<string, readonly string[]> = {
  // core, bottom to top
  schema: [],
  random: ['schema'],
  log: ['schema'],
  reader: ['schema', 'log'],
  signals: ['schema', 'log'],
  synth: ['schema', 'random', 'log', 'signals'],
  validate: ['schema', 'log', 'signals'],
  drift: ['schema', 'random', 'log'],
  questions: ['schema', 'random', 'log', 'signals'],
  score: ['schema', 'random', 'log'],
  perturb: ['schema', 'random', 'log', 'reader', 'signals', 'validate', 'questions', 'score'],
  fit: ['schema', 'random', 'log'],
  validity: ['schema', 'random', 'log', 'signals', 'questions', 'score'],
  // the shell
  report: ['schema', 'log', 'drift', 'questions', 'score', 'validity'],
  io: ['schema', 'random', 'log', 'reader', 'signals', 'synth', 'validate', 'drift', 'questions', 'score', 'perturb', 'fit', 'validity'],
  eval: ['schema', 'random', 'log', 'reader', 'questions', 'score', 'report', 'io'],
  cli: [...CORE, 'report', 'io', 'eval'],
  // the library's entry point offers everything but the test server (that is `cclupe-kit/testing`)
  index: [...CORE, 'report', 'io', 'eval'],
  testing: ['schema', 'random', 'eval'],
  // shared leaves
  errors: [],
  version: [],
  hash: [],
};

/** Node modules the core must not use: files, paths, the OS, the network, threads, processes. */
const CORE_FORBIDDEN_MODULES = ['fs', 'fs/promises', 'path', 'os', 'http', 'https', 'net', 'worker_threads', 'child_process', 'process', 'url'];
/** The clock, the environment and unseeded randomness, which the core must not touch. */
const CORE_FORBIDDEN_CALLS: ReadonlyArray<[string, RegExp]> = [
  ['Math.random', /\bMath\.random\b/],
  ['Date.now', /\bDate\.now\b/],
  ['new Date() (the clock)', /\bnew Date\(\s*\)/],
  ['performance.now', /\bperformance\.now\b/],
  ['process.*', /\bprocess\.[a-zA-Z]/],
];

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [relative(ROOT, p)] : [];
  });
}

/** Source text without comments and string contents other than module specifiers (good enough for imports). */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every module specifier a file imports or re-exports, type-only ones included, and dynamic `import('…')`. */
function specifiers(text: string): string[] {
  const code = stripComments(text);
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  return out;
}

/** The part a source file belongs to: its folder under src/, or its own name for a top-level file. */
function partOf(file: string): string {
  const parts = relative('src', file).split(/[\\/]/);
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.ts$/, '');
}

interface Graph {
  files: string[];
  /** file → files it imports (relative specifiers resolved to .ts paths under the root) */
  edges: Map<string, string[]>;
  /** file → node: modules it imports, without the prefix */
  builtins: Map<string, string[]>;
  text: Map<string, string>;
}

function readGraph(): Graph {
  const files = sourceFiles(SRC);
  const edges = new Map<string, string[]>();
  const builtins = new Map<string, string[]>();
  const text = new Map<string, string>();
  for (const f of files) {
    const t = readFileSync(join(ROOT, f), 'utf8');
    text.set(f, t);
    const local: string[] = [];
    const node: string[] = [];
    for (const s of specifiers(t)) {
      if (s.startsWith('.')) local.push(normalize(join(dirname(f), s)).replace(/\.js$/, '.ts'));
      else if (s.startsWith('node:')) node.push(s.slice(5));
    }
    edges.set(f, [...new Set(local)]);
    builtins.set(f, [...new Set(node)]);
  }
  return { files, edges, builtins, text };
}

/** Strongly connected components with more than one member (or a self-loop): the cycles of a graph. */
function cycles(nodes: readonly string[], next: (n: string) => readonly string[]): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || next(v).includes(v)) out.push(comp.sort());
    }
  };
  for (const n of nodes) if (!idx.has(n)) visit(n);
  return out;
}

const graph = readGraph();
const isCore = (part: string): boolean => (CORE as readonly string[]).includes(part);

describe('the import graph of src/', () => {
  it('knows every part: each folder and top-level file of src/ is listed in ALLOWED', () => {
    expect([...new Set(graph.files.map(partOf))].filter((p) => !(p in ALLOWED)).sort()).toEqual([]);
  });

  it('resolves every relative import to a source file', () => {
    const known = new Set(graph.files);
    const missing = graph.files.flatMap((f) => graph.edges.get(f)!.filter((t) => !known.has(t)).map((t) => `${f} → ${t}`));
    expect(missing).toEqual([]);
  });

  it('has only the allowed arrows between parts', () => {
    const bad: string[] = [];
    for (const f of graph.files) {
      const from = partOf(f);
      for (const t of graph.edges.get(f)!) {
        const to = partOf(t);
        if (to === from || (SHARED as readonly string[]).includes(to)) continue;
        if (!ALLOWED[from]?.includes(to)) bad.push(`${from} → ${to} (${f} imports ${t})`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('keeps the core off files, paths, the OS, the network and threads', () => {
    const bad = graph.files
      .filter((f) => isCore(partOf(f)))
      .flatMap((f) => graph.builtins.get(f)!.filter((m) => CORE_FORBIDDEN_MODULES.includes(m)).map((m) => `${f} imports node:${m}`));
    expect(bad).toEqual([]);
  });

  it('keeps the core off the clock, the environment and Math.random', () => {
    const bad = graph.files
      .filter((f) => isCore(partOf(f)))
      .flatMap((f) => CORE_FORBIDDEN_CALLS.filter(([, re]) => re.test(stripComments(graph.text.get(f)!))).map(([name]) => `${f} uses ${name}`));
    expect(bad).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(cycles(graph.files, (f) => graph.edges.get(f)!)).toEqual([]);
  });

  it('has no cycle between parts', () => {
    const parts = [...new Set(graph.files.map(partOf))];
    const next = new Map<string, string[]>(parts.map((p) => [p, []]));
    for (const f of graph.files) for (const t of graph.edges.get(f)!) if (partOf(t) !== partOf(f)) next.get(partOf(f))!.push(partOf(t));
    expect(cycles(parts, (p) => [...new Set(next.get(p))])).toEqual([]);
  });

  it('allows no cycle in its own table of arrows', () => {
    expect(cycles(Object.keys(ALLOWED), (p) => ALLOWED[p])).toEqual([]);
  });
});

/** Folders whose files may use an export of src/ (tests count: a tested library function is alive). */
const USERS = ['src', 'test', 'bench', 'scripts'];
/** Docs whose mention makes an export public API on purpose (docs/questions.md lists `TAXONOMY`, for instance). */
const DOCS = ['README.md', 'docs'];

function allFiles(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return allFiles(p, ext);
    return ext.test(e.name) ? [p] : [];
  });
}

/** How often each identifier occurs across the given files (comments left out of code files). */
function identifierCounts(files: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of files) {
    const raw = readFileSync(join(ROOT, f), 'utf8');
    const t = f.endsWith('.md') ? raw : stripComments(raw);
    for (const m of t.matchAll(/[A-Za-z_$][\w$]*/g)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  }
  return counts;
}

/** Exported values (functions, classes, constants) of a source text, by name. */
function exportedValues(text: string): string[] {
  return [...stripComments(text).matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|abstract\s+class|enum)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);
}

/** Exported values of src/ whose name occurs nowhere but in their own declaration: not used, not tested, not documented. */
function deadExports(): string[] {
  const code = USERS.flatMap((d) => allFiles(d, /\.(ts|mts|js|mjs)$/));
  const docs = DOCS.flatMap((d) => (d.endsWith('.md') ? [d] : allFiles(d, /\.md$/)));
  const counts = identifierCounts([...code, ...docs]);
  return graph.files.flatMap((f) => exportedValues(graph.text.get(f)!).filter((n) => counts.get(n) === 1).map((n) => `${f}: ${n}`));
}

describe('the exports of src/', () => {
  it('are all used: every exported function, class or constant is imported elsewhere, tested or documented', () => {
    expect(deadExports()).toEqual([]);
  });
});

describe('the rules themselves', () => {
  it('catch a forbidden arrow, a cycle and a clock call when they are there', () => {
    expect(specifiers("import type { A } from '../io/x.js';\nexport * from './y.js';\nconst m = await import('node:fs');")).toEqual([
      '../io/x.js',
      './y.js',
      'node:fs',
    ]);
    expect(specifiers("// import { a } from './commented.js'\n/* import b from './block.js' */")).toEqual([]);
    expect(cycles(['a', 'b', 'c'], (n) => ({ a: ['b'], b: ['a'], c: [] })[n]!)).toEqual([['a', 'b']]);
    expect(CORE_FORBIDDEN_CALLS.filter(([, re]) => re.test('const t = Date.now();')).map(([n]) => n)).toEqual(['Date.now']);
    expect(ALLOWED.synth.includes('io')).toBe(false);
    expect(exportedValues('export function f() {}\nexport const C = 1;\nexport type T = 1;\n// export const D = 2;')).toEqual(['f', 'C']);
    expect(identifierCounts(['test/architecture.test.ts']).get('identifierCounts')).toBeGreaterThan(1);
  });
});
