// Preload for tests: records every module URL the process loads into $APICTL_TRACE_FILE.
import { register } from 'node:module';
register(
  'data:text/javascript,' +
    encodeURIComponent(`import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.APICTL_TRACE_FILE, url + '\\n');
  return next(url, context);
}`),
  import.meta.url,
);
