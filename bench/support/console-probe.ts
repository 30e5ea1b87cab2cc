/**
 * What an operator feels of the console while the server is busy: console calls sent at a steady
 * pace (not as fast as possible, which would measure throughput and slow the work being watched),
 * each answer's latency kept. `stop()` gives the percentiles of what was answered and how many
 * calls failed.
 */
export interface ProbeFigures {
  calls: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** `operators` loops, each sending the next of `paths` every `intervalMs` (or when the last answered, if later). */
export function startConsoleProbe(
  baseURL: string,
  cookie: string,
  paths: string[],
  options: { operators: number; intervalMs: number },
): { stop(): Promise<ProbeFigures> } {
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  let next = 0;
  const loop = async () => {
    while (running) {
      const path = paths[next++ % paths.length]!;
      const started = performance.now();
      try {
        const response = await fetch(`${baseURL}${path}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - started);
        else failed += 1;
      } catch {
        failed += 1;
      }
      const wait = options.intervalMs - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  const loops = Array.from({ length: options.operators }, (_, i) =>
    new Promise((r) => setTimeout(r, (i * options.intervalMs) / options.operators)).then(loop),
  );
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        calls: sorted.length,
        failed,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        maxMs: sorted.at(-1) ?? 0,
      };
    },
  };
}
