import { parentPort, workerData } from 'node:worker_threads';
import { runPerturbTask, type PerturbTask, type PerturbThreadMessage, type PerturbThreadSetup } from './perturb-run.js';

/**
 * Worker-thread entry of `cclupe perturb`: perturbs each source log it is sent, writes its files, and posts back its
 * lines (`runPerturbTask`); on an error it posts the error (a system error's code and path cross to the calling
 * thread, which prints an environment error as one line) and takes no more work.
 */
const setup = workerData as PerturbThreadSetup;
const post = (msg: PerturbThreadMessage): void => parentPort?.postMessage(msg);
let failed = false;

parentPort?.on('message', (task: PerturbTask) => {
  if (failed) return;
  try {
    post({ kind: 'done', result: runPerturbTask(task, setup) });
  } catch (err) {
    failed = true;
    const sys = err as NodeJS.ErrnoException;
    post({ kind: 'failed', k: task.k, error: err instanceof Error ? err.message : String(err), code: sys?.code, path: sys?.path, syscall: sys?.syscall });
  }
});
