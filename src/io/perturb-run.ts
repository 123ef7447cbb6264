import { Worker } from 'node:worker_threads';
import { CclupeError } from '../errors.js';
import type { Log } from '../schema/log-row.js';
import type { PerturbRecord } from '../schema/perturb-manifest.js';
import { perturbSource, type PerturbDatasetOptions, type PerturbSummary, type SourceLogWithItems } from '../perturb/dataset.js';
import { DetectionMatrixBuilder, type DetectionMatrix } from '../perturb/matrix.js';
import { PerturbedDatasetWriter, writePerturbedFiles, type PerturbSourceDataset, type WrittenOutput } from './perturb-dataset.js';

/** The options a perturbation thread needs (the run's options without the progress callback). */
export type ThreadOptions = Omit<PerturbDatasetOptions, 'onLog'>;

/** What `perturb-thread.js` receives as `workerData`. */
export interface PerturbThreadSetup {
  out: string;
  options: ThreadOptions;
  /** Keep what the detection matrix needs of each output. */
  summaries: boolean;
}

/** One source log to perturb: its number in log-id order, the log with labels and questions, and its donor. */
export interface PerturbTask {
  k: number;
  src: SourceLogWithItems;
  donor: Log | null;
}

/** What perturbing one source log gives back: its outputs' lines (files already written), in order. */
export interface PerturbTaskResult {
  k: number;
  written: WrittenOutput[];
  notApplicable: PerturbRecord[];
  summaries: PerturbSummary[];
}

/** What a perturbation thread posts: one result per task, or the error that stopped it. */
export type PerturbThreadMessage =
  | { kind: 'done'; result: PerturbTaskResult }
  | { kind: 'failed'; k: number; error: string; code?: string; path?: string; syscall?: string };

/** Perturbs one source log and writes its files: the work of a thread, and of the calling thread when alone. */
export function runPerturbTask(task: PerturbTask, setup: PerturbThreadSetup): PerturbTaskResult {
  const written: WrittenOutput[] = [];
  const summaries: PerturbSummary[] = [];
  const notApplicable = perturbSource(task.src, task.k, task.donor, setup.options, (o) => {
    written.push(writePerturbedFiles(setup.out, o));
    if (setup.summaries && o.check) summaries.push({ record: o.record, check: o.check });
  });
  return { k: task.k, written, notApplicable, summaries };
}

/** Options of `perturbToDataset`. */
export interface PerturbRunOptions {
  /** The source dataset directory, recorded in the manifest. */
  sourceDir: string;
  out: string;
  options: PerturbDatasetOptions;
  /** Build the detection matrix (every output is checked). */
  check: boolean;
  /** Threads perturbing source logs: 1 works on the calling thread; n > 1 starts n worker threads. */
  workers: number;
  /** Called after each source log is written, in order. */
  onLog?: (done: number) => void;
}

/** What a perturbation run wrote. */
export interface PerturbRunResult {
  logs: number;
  items: number;
  notApplicable: PerturbRecord[];
  /** The detection matrix (null without `check`). */
  matrix: DetectionMatrix | null;
}

/**
 * Perturbs a streamed dataset into `out`: every source log with every operator and severity, written as it is made.
 * With n workers, n threads each take a source log (with its donor) at a time, write its files and send back its
 * lines, which the calling thread appends in log-id order; at most 2n logs are in flight, so memory stays bounded by
 * a few logs. The output is byte-identical whatever the worker count: each source log's outputs are a pure function
 * of the log, its donor and the options, and the lines are written in one order.
 */
export async function perturbToDataset(source: PerturbSourceDataset, run: PerturbRunOptions): Promise<PerturbRunResult> {
  const { onLog: _ignored, ...options } = run.options;
  const setup: PerturbThreadSetup = { out: run.out, options: { ...options, checkPreserving: run.check }, summaries: run.check };
  const writer = new PerturbedDatasetWriter(run.out, run.sourceDir);
  const builder = new DetectionMatrixBuilder();
  const notApplicable: PerturbRecord[] = [];
  let done = 0;
  const take = (r: PerturbTaskResult): void => {
    for (const w of r.written) writer.append(w);
    for (const s of r.summaries) builder.add(s);
    for (const x of r.notApplicable) notApplicable.push(x);
    run.onLog?.(++done);
  };
  try {
    if (run.workers <= 1) for (const task of tasks(source)) take(runPerturbTask(task, setup));
    else await runPool(tasks(source), setup, Math.min(run.workers, source.count), take);
    const matrix = run.check ? builder.build(notApplicable) : null;
    const { logs, items } = writer.finish(notApplicable, options, matrix);
    return { logs, items, notApplicable, matrix };
  } catch (err) {
    writer.abort();
    throw err;
  }
}

/** The source logs as tasks, in log-id order, each with its donor (the next log; the first for the last). */
function* tasks(source: PerturbSourceDataset): Generator<PerturbTask> {
  let first: Log | null = null;
  let pending: SourceLogWithItems | null = null;
  let k = 0;
  for (const src of source.sources()) {
    if (pending) yield { k: k++, src: pending, donor: src.log };
    else first = src.log;
    pending = src;
  }
  if (pending) yield { k, src: pending, donor: k > 0 ? first : null };
}

/**
 * Runs the tasks on `n` worker threads and gives the results to `take` in task order. Each thread holds up to two
 * tasks (so it never waits for the calling thread between two), and a task is sent only while fewer than 4n results
 * wait for an earlier one, so memory stays bounded when one log is slow. The first failure stops the run.
 */
async function runPool(queue: Iterator<PerturbTask>, setup: PerturbThreadSetup, n: number, take: (r: PerturbTaskResult) => void): Promise<void> {
  const results = new Map<number, PerturbTaskResult>();
  const pool: Worker[] = [];
  const free: Worker[] = []; // one entry per task a thread can take now
  const window = 4 * n;
  let sent = 0; // tasks sent (the next task's k)
  let next = 0; // the next result to hand to `take`
  let exhausted = false;
  let failure: unknown = null;
  let settle: () => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const finished = new Promise<void>((res, rej) => {
    settle = res;
    reject = rej;
  });
  const fail = (err: unknown): void => {
    if (failure !== null) return;
    failure = err;
    reject(err);
  };
  const dispatch = (): void => {
    try {
      while (free.length > 0 && sent - next < window && !exhausted && failure === null) {
        const step = queue.next();
        if (step.done) exhausted = true;
        else {
          free.shift()!.postMessage(step.value);
          sent++;
        }
      }
    } catch (err) {
      fail(err);
    }
    if (exhausted && next === sent) settle();
  };
  for (let i = 0; i < n; i++) {
    // a small young generation: V8 otherwise lets each thread's nursery grow to tens of MB, which the 500 MB bound of
    // issue 15 (D12) cannot spare over three heaps; the cost in collections is a few per cent
    const w = new Worker(new URL('./perturb-thread.js', import.meta.url), { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    pool.push(w);
    free.push(w, w);
    w.on('message', (msg: PerturbThreadMessage) => {
      if (msg.kind === 'failed') {
        fail(new CclupeError(`perturbation failed on source log ${msg.k + 1}: ${msg.error}`, { cause: { code: msg.code, path: msg.path, syscall: msg.syscall } }));
        return;
      }
      results.set(msg.result.k, msg.result);
      free.push(w);
      try {
        for (let r = results.get(next); r && failure === null; r = results.get(next)) {
          results.delete(next++);
          take(r);
        }
      } catch (err) {
        fail(err);
        return;
      }
      dispatch();
    });
    w.on('error', fail);
    w.on('exit', (code) => {
      if (failure === null && !(exhausted && next === sent)) fail(new CclupeError(`perturbation thread exited with code ${code} before finishing`));
    });
  }
  dispatch();
  try {
    await finished;
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
