/**
 * A periodic sweep on the job queue: one run per period across all instances on PostgreSQL, a
 * timer in process on SQLite. A run that fails is logged; the next period runs again.
 */
import type { FastifyInstance } from 'fastify';

export async function runPeriodically(
  app: FastifyInstance,
  name: string,
  everyS: number,
  run: () => Promise<unknown>,
  options: { runAtStart?: boolean } = {},
): Promise<void> {
  // A sweep that could not finish is not handed back: the next period runs it again.
  await app.jobs.define(name, { retryLimit: 0 });
  await app.jobs.work(name, async () => {
    await run();
  });
  if (everyS > 0) await app.jobs.schedule(name, everyS, { runAtStart: options.runAtStart ?? true });
  else if (options.runAtStart ?? true) await app.jobs.send(name, {});
}
