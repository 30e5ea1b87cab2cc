/** The two faces of a run's summary: the operator's table and the one-object JSON for scripts. */
import type { Counts, ImportSummary } from './import-types.js';

export function summaryJson(summary: ImportSummary): Record<string, unknown> {
  return {
    library: summary.library,
    works: summary.worksReport,
    works_omitted: summary.worksReportOmitted,
    failed: summary.failed,
    skipped: summary.skipped,
    counts: { works: summary.works, chapters: summary.chapters, pages: summary.pages, files: summary.files },
    media_collected: summary.mediaCollected,
    duration_ms: summary.durationMs,
  };
}

const COLUMNS: (keyof Counts)[] = ['added', 'updated', 'unchanged', 'removed', 'failed'];

export function summaryText(summary: ImportSummary, maxListed = 50): string {
  const lines = [`Imported ${summary.library} in ${(summary.durationMs / 1000).toFixed(1)} s`];
  lines.push(
    `files: ${summary.files.scanned} scanned, ${summary.files.imported} imported, ${summary.files.unchanged} unchanged, ${summary.files.removed} removed, ${summary.files.failed} failed`,
  );
  lines.push(`${''.padEnd(10)}${COLUMNS.map((c) => c.padStart(11)).join('')}`);
  for (const [name, counts] of [
    ['works', summary.works],
    ['chapters', summary.chapters],
    ['pages', summary.pages],
  ] as const) {
    lines.push(`${name.padEnd(10)}${COLUMNS.map((c) => String(counts[c]).padStart(11)).join('')}`);
  }
  if (summary.mediaCollected > 0) lines.push(`orphan media removed: ${summary.mediaCollected}`);
  const list = (title: string, items: { path: string; reason: string }[]) => {
    if (items.length === 0) return;
    lines.push('', `${title} (${items.length}):`);
    for (const item of items.slice(0, maxListed)) lines.push(`  ${item.path}: ${item.reason}`);
    if (items.length > maxListed)
      lines.push(`  … and ${items.length - maxListed} more (--json lists them all)`);
  };
  list('Failed', summary.failed);
  list('Skipped entries', summary.skipped);
  return `${lines.join('\n')}\n`;
}
