/**
 * When a browser test fails, the server's own log is often what explains it (an error it logged,
 * a warning about a slow query): print the end of every running server's output beside the failure.
 *
 * The full run (scripts/test-all.mjs) lets a failed browser test run once more (E2E_RETRY) on
 * these noisy shared machines; an attempt that failed is still reported here and listed by name in
 * E2E_RETRY_LOG, which the run prints at its end, so a flaky test is seen and fixed, not hidden.
 */
import { appendFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { runningServers } from './server.js';

const TAIL_CHARS = 6_000;

afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  const retries = typeof task.retry === 'number' ? task.retry : (task.retry?.count ?? 0);
  const attempt = (task.result.retryCount ?? 0) + 1;
  const name = task.fullName ?? `${task.file.name} > ${task.name}`;
  if (attempt <= retries) {
    console.error(`*** attempt ${attempt} of "${name}" failed; it runs again (E2E_RETRY=${retries}) ***`);
    const log = process.env['E2E_RETRY_LOG'];
    if (log)
      appendFileSync(log, `${name}: ${String(task.result.errors?.[0]?.message ?? '').split('\n')[0]}\n`);
  }
  for (const server of runningServers) {
    const output = server.output().trim();
    console.error(
      `--- output of the server at ${server.baseURL} (last ${TAIL_CHARS} characters) ---\n` +
        (output ? output.slice(-TAIL_CHARS) : '(nothing logged)'),
    );
  }
});
