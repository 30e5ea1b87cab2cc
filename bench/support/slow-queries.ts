/** The server's slow-query lines (DB_SLOW_QUERY_MS) grouped by SQL: count and total time, costliest first. */
export function summariseSlowQueries(output: string, top = 15): string {
  const totals = new Map<string, { count: number; ms: number }>();
  for (const match of output.matchAll(/^slow query ([\d.]+) ms: (.*)$/gm)) {
    const entry = totals.get(match[2]!) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += Number(match[1]);
    totals.set(match[2]!, entry);
  }
  return [...totals]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, top)
    .map(
      ([text, { count, ms }]) =>
        `${ms.toFixed(0).padStart(7)} ms ${String(count).padStart(6)}× ${text.slice(0, 400)}`,
    )
    .join('\n');
}
