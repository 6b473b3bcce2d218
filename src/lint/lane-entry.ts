/**
 * ES module entry of the rules lane's worker thread (src/lint/lane.ts), which the CommonJS entry
 * (lane-entry.cts) hands over to when the bundle loader is not current: runs it from its bundle
 * (scripts/bundle-cli.mjs) through V8's code cache when the bundle is current, else from the
 * plain modules, as the validation worker does (src/validate/worker-entry.ts).
 */
import { parentPort } from 'node:worker_threads';

type LaneModule = typeof import('./lane-worker.js');

if (parentPort) {
  const port = parentPort;
  import('../util/cli-bundle.js')
    .then(async (b) => {
      const bundled = b.loadBundle(b.LANE_BUNDLE, b.LANE_BUNDLE_INPUTS) as LaneModule | undefined;
      // the lane is terminated when the run ends: its code cache entry is written now
      if (bundled) (await import('../util/code-cache.js')).flushCodeCache();
      return bundled ?? ((await import('./lane-worker.js')) as LaneModule);
    })
    .then(
      (m) => m.serveLane(port),
      (err: unknown) => {
        // no lane: every job is answered with the reason, and the main thread runs the rules itself
        const error = err instanceof Error ? err.message : String(err);
        port.on('message', (m: { prepare?: unknown }) => {
          if (m.prepare === undefined) port.postMessage({ error });
        });
      },
    );
}
