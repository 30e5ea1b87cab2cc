/**
 * What Lighthouse's simulated LCP waited for (a first-load diagnostic, not a benchmark): replays the
 * trace and network log that `BENCH_ARTIFACTS_DIR=dir npm run bench:lighthouse` kept for a run
 * through Lighthouse's own Lantern model (the same computed artifact its LCP audit uses), and
 * prints, for the optimistic and the pessimistic graph, every node with its simulated start and
 * end: requests with their size and priority, main-thread tasks with their scripts. The estimate
 * is the mean of the two graphs' last ends, so the nodes that end last are what to cut.
 *
 *   npx tsx bench/lantern-graph.ts /tmp/artifacts/run-7
 *
 * SHOW_DEPS=1 numbers the nodes and shows what each waited for (a request waits for the task that
 * sent it; a task for the scripts it ran), e.g. which task held back the page's first script.
 *
 * SHOW_TBT=1 prints instead the simulated total blocking time and the tasks that make it: every CPU
 * node of 50 ms or more between FCP and interactive, with what it ran and its part of the sum.
 */
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

interface GraphNode {
  type: 'network' | 'cpu';
  id: string;
  request?: { url: string; transferSize: number; priority: string; resourceType?: string };
  childEvents?: Array<{ name: string; args?: { data?: { url?: string; functionName?: string } } }>;
  getDependencies(): GraphNode[];
}
interface Timing {
  startTime: number;
  endTime: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, Timing>;
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: lantern-graph.ts <artifacts dir>');

function describe(node: GraphNode): string {
  if (node.type === 'network' && node.request) {
    const { url, transferSize, priority, resourceType } = node.request;
    const path = url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80);
    return `net ${(transferSize / 1024).toFixed(1).padStart(6)} KiB ${String(resourceType ?? '').padEnd(10)} ${priority.padEnd(8)} ${path}`;
  }
  const scripts = new Set<string>();
  for (const event of node.childEvents ?? []) {
    const url = event.args?.data?.url;
    if (
      url &&
      (event.name === 'EvaluateScript' || event.name === 'FunctionCall' || event.name === 'v8.compile')
    )
      scripts.add(url.replace(/^https?:\/\/[^/]+/, ''));
  }
  const names = new Set((node.childEvents ?? []).map((event) => event.name));
  const kinds = [
    'EvaluateScript',
    'FunctionCall',
    'Layout',
    'Paint',
    'ParseHTML',
    'TimerFire',
    'XHRReadyStateChange',
  ]
    .filter((name) => names.has(name))
    .join(',');
  // A task with none of those (a promise callback, a message, a parse): name what it did.
  if (!kinds && scripts.size === 0) return `cpu (${[...names].slice(0, 6).join(',')})`;
  return `cpu ${kinds} ${[...scripts].join(' ')}`.slice(0, 160);
}

function print(label: string, estimate: Estimate): void {
  console.log(`\n${label}: ${estimate.timeInMs.toFixed(0)} ms`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  const row = new Map(rows.map(([node], index) => [node, index]));
  for (const [index, [node, timing]] of rows.entries()) {
    // SHOW_DEPS=1: each node's number and the numbers of the nodes it waited for.
    const deps = process.env['SHOW_DEPS']
      ? ` #${index} <- ${node
          .getDependencies()
          .map((dependency) => `#${row.get(dependency) ?? '?'}`)
          .join(',')}`
      : '';
    console.log(
      `${timing.startTime.toFixed(0).padStart(6)} ${timing.endTime.toFixed(0).padStart(6)} ${(timing.endTime - timing.startTime).toFixed(0).padStart(5)}  ${describe(node)}${deps}`,
    );
  }
}

const artifacts = await loadArtifacts(dir);
const context = { computedCache: new Map() };
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings: artifacts.settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  simulator: null,
};
const fcp = (await LanternFirstContentfulPaint.request(data, context)) as {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
};
const lcp = (await LanternLargestContentfulPaint.request(data, context)) as typeof fcp;
console.log(`simulated FCP ${fcp.timing.toFixed(0)} ms, LCP ${lcp.timing.toFixed(0)} ms`);
if (process.env['SHOW_TBT']) {
  await printBlocking();
  process.exit(0);
}
if (process.env['SHOW_FCP']) print('FCP optimistic', fcp.optimisticEstimate);
print('LCP optimistic', lcp.optimisticEstimate);
print('LCP pessimistic', lcp.pessimisticEstimate);

/** The tasks behind the simulated TBT, per graph (Lighthouse reports the mean of the two). */
async function printBlocking(): Promise<void> {
  const tbt = (await LanternTotalBlockingTime.request(data, context)) as typeof fcp;
  const interactive = (await LanternInteractive.request(data, context)) as typeof fcp;
  console.log(`simulated TBT ${tbt.timing.toFixed(0)} ms, interactive ${interactive.timing.toFixed(0)} ms`);
  const graphs = [
    // As Lantern does: the optimistic TBT takes the pessimistic FCP and the optimistic TTI, and back.
    ['optimistic', tbt.optimisticEstimate, fcp.pessimisticEstimate, interactive.optimisticEstimate],
    ['pessimistic', tbt.pessimisticEstimate, fcp.optimisticEstimate, interactive.pessimisticEstimate],
  ] as const;
  for (const [label, estimate, from, to] of graphs) {
    console.log(
      `\n${label}: ${estimate.timeInMs.toFixed(0)} ms blocking between ${from.timeInMs.toFixed(0)} and ${to.timeInMs.toFixed(0)} ms`,
    );
    const rows = [...estimate.nodeTimings.entries()]
      .filter(([node, timing]) => node.type === 'cpu' && timing.endTime - timing.startTime >= 50)
      .sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, timing] of rows) {
      const start = Math.max(timing.startTime, from.timeInMs);
      const end = Math.min(timing.endTime, to.timeInMs);
      const blocking = end > start ? Math.max(0, end - start - 50) : 0;
      console.log(
        `${timing.startTime.toFixed(0).padStart(6)} ${(timing.endTime - timing.startTime).toFixed(0).padStart(5)} blocks ${blocking.toFixed(0).padStart(4)}  ${describe(node)}`,
      );
    }
  }
}
