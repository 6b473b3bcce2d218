/**
 * ES module entry of the validation worker thread (src/validate/worker.ts), which the CommonJS
 * entry (worker-entry.cts) hands over to when the bundle loader is not current: runs it from its bundle
 * (scripts/bundle-cli.mjs) through V8's code cache when the bundle is current, as the CLI itself
 * runs, else from the plain modules. Importing its modules one by one costs the worker CPU time,
 * taken from the main thread on two cores.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ValidationJob } from './worker.js';

type WorkerModule = typeof import('./worker.js');

if (parentPort && workerData) {
  const port = parentPort;
  import('../util/cli-bundle.js')
    .then(async (b) => (b.loadBundle(b.WORKER_BUNDLE, b.WORKER_BUNDLE_INPUTS) as WorkerModule | undefined) ?? ((await import('./worker.js')) as WorkerModule))
    .then((m) => m.runValidationJob(workerData as ValidationJob))
    .then(
      (findings) => port.postMessage({ findings }),
      (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
    );
}
