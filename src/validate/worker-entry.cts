/**
 * CommonJS entry of the validation worker thread (src/validate/worker.ts): as the lane's
 * (src/lint/lane-entry.cts), it runs the worker's bundle through the loader's CommonJS build
 * without setting up Node's ES module loader, and hands over to the ES module entry
 * (worker-entry.ts) when either is not current.
 */
import { parentPort, workerData } from 'node:worker_threads';

interface Loader {
  loaderIsCurrent(): boolean;
  loadBundle(bundle: string, inputsFile: string): unknown;
  WORKER_BUNDLE: string;
  WORKER_BUNDLE_INPUTS: string;
}
interface WorkerModule {
  runValidationJob(job: unknown): Promise<unknown> | unknown;
}

function bundledWorker(): WorkerModule | undefined {
  // APICTL_PLAIN=1: no bundles (src/util/speed.ts, which this CommonJS entry cannot import)
  if (process.env.APICTL_PLAIN && process.env.APICTL_PLAIN !== '0') return undefined;
  const loader = require('../util/cli-loader.bundle.cjs') as Partial<Loader>;
  if (typeof loader.loaderIsCurrent !== 'function' || typeof loader.loadBundle !== 'function' || !loader.loaderIsCurrent()) return undefined;
  const m = loader.loadBundle(loader.WORKER_BUNDLE!, loader.WORKER_BUNDLE_INPUTS!) as Partial<WorkerModule> | undefined;
  return typeof m?.runValidationJob === 'function' ? (m as WorkerModule) : undefined;
}

if (parentPort && workerData) {
  const port = parentPort;
  let m: WorkerModule | undefined;
  try {
    m = bundledWorker();
  } catch {
    m = undefined; // not built, or built by an older build step: the ES module entry decides
  }
  if (m) {
    Promise.resolve()
      .then(() => m.runValidationJob(workerData))
      .then(
        (findings) => port.postMessage({ findings }),
        (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
      );
  } else void import('./worker-entry.js');
}
