/**
 * CommonJS entry of the rules lane's worker thread (src/lint/lane.ts). A worker whose entry is an
 * ES module sets up Node's ES module loader first, and the ES module entry (lane-entry.ts) then
 * imports the bundle loader as modules: ≈ 15 ms of CPU taken from the main thread's conversion
 * on two cores. This entry requires the loader's CommonJS build (as bin/apictl.js does) and runs
 * the lane's bundle; when either is not current it hands over to the ES module entry.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';

interface Loader {
  loaderIsCurrent(): boolean;
  loadBundle(bundle: string, inputsFile: string): unknown;
  flushCodeCache(): void;
  LANE_BUNDLE: string;
  LANE_BUNDLE_INPUTS: string;
}

function bundledLane(): { serveLane(port: MessagePort): void } | undefined {
  // APICTL_PLAIN=1: no bundles (src/util/speed.ts, which this CommonJS entry cannot import)
  if (process.env.APICTL_PLAIN && process.env.APICTL_PLAIN !== '0') return undefined;
  const loader = require('../util/cli-loader.bundle.cjs') as Partial<Loader>;
  if (typeof loader.loaderIsCurrent !== 'function' || typeof loader.loadBundle !== 'function' || typeof loader.flushCodeCache !== 'function') return undefined;
  if (!loader.loaderIsCurrent()) return undefined;
  const lane = loader.loadBundle(loader.LANE_BUNDLE!, loader.LANE_BUNDLE_INPUTS!) as { serveLane?: unknown } | undefined;
  if (typeof lane?.serveLane !== 'function') return undefined;
  // the lane is terminated when the run ends: its code cache entry is written now
  loader.flushCodeCache();
  return lane as { serveLane(port: MessagePort): void };
}

if (parentPort) {
  let lane: ReturnType<typeof bundledLane>;
  try {
    lane = bundledLane();
  } catch {
    lane = undefined; // not built, or built by an older build step: the ES module entry decides
  }
  if (lane) lane.serveLane(parentPort);
  else void import('./lane-entry.js');
}
