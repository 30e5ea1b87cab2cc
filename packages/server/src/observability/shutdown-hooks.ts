/**
 * What runs when the app closes, in a fixed order. Fastify runs onClose hooks last-registered
 * first, so a hook a plugin adds may run after the database is gone; these phases do not depend on
 * registration order: `jobs` (stop workers gracefully, hand unfinished jobs back to the queue),
 * then `services` (flush counters, close clients), then `storage` (the database last). They run
 * from one onClose hook, i.e. after Fastify has stopped accepting and in-flight requests finished.
 */
import type { FastifyBaseLogger } from 'fastify';

export const SHUTDOWN_PHASES = ['jobs', 'services', 'storage'] as const;
export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

interface Hook {
  name: string;
  phase: ShutdownPhase;
  run: () => Promise<unknown> | unknown;
}

export class ShutdownHooks {
  private readonly hooks: Hook[] = [];
  private ran = false;

  add(name: string, run: Hook['run'], phase: ShutdownPhase = 'services'): void {
    this.hooks.push({ name, phase, run });
  }

  /** Runs the hooks phase by phase (in the order added within a phase); a failure is logged, the rest still run. */
  async run(log: FastifyBaseLogger): Promise<void> {
    if (this.ran) return;
    this.ran = true;
    for (const phase of SHUTDOWN_PHASES) {
      for (const hook of this.hooks.filter((candidate) => candidate.phase === phase)) {
        try {
          await hook.run();
        } catch (error) {
          log.error({ module: 'shutdown', hook: hook.name, phase, err: error }, 'shutdown step failed');
        }
      }
    }
  }
}
