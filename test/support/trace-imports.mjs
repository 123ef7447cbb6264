// Preload (`node --import ./test/support/trace-imports.mjs …`) that appends the URL of every module the program
// loads to the file named by $TRACE_IMPORTS_FILE, one per line, so that a test can tell which modules a command loads.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (process.env.TRACE_IMPORTS_FILE) appendFileSync(process.env.TRACE_IMPORTS_FILE, url + '\\n');
  return next(url, context);
}`;
register('data:text/javascript,' + encodeURIComponent(hooks));
