/**
 * When a browser test fails, the server's own log is often what explains it (an error it logged,
 * a warning about a slow query): print the end of every running server's output beside the failure.
 * The full run (scripts/test-all.mjs) runs a file with a failed test once more from a fresh start
 * and names it at the end, so a flaky test is seen and fixed, not hidden.
 */
import { afterEach } from 'vitest';
import { runningServers } from './server.js';

const TAIL_CHARS = 6_000;

afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const server of runningServers) {
    const output = server.output().trim();
    console.error(
      `--- output of the server at ${server.baseURL} (last ${TAIL_CHARS} characters) ---\n` +
        (output ? output.slice(-TAIL_CHARS) : '(nothing logged)'),
    );
  }
});
