/**
 * What the scale curve measures of one call: autocannon over a rotation of requests (sealed POST
 * bodies, or GET paths with a cookie for the console), only 2xx answers counted; the bare
 * node:http server answering the same bytes on any path, the same run's floor; and the server
 * process's CPU time and resident memory from /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import autocannon from 'autocannon';

export interface CurveMeasurement {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** One request of a rotation: a POST body, or a GET path (with `headers`). */
export type Rotation =
  { method: 'POST'; bodies: string[] } | { method: 'GET'; paths: string[]; headers: Record<string, string> };

export async function measureRotation(
  baseURL: string,
  path: string,
  rotation: Rotation,
  options: { connections: number; durationS: number },
): Promise<CurveMeasurement> {
  let next = 0;
  let refused = 0;
  const result = await autocannon({
    url: `${baseURL}${path}`,
    method: rotation.method,
    headers:
      rotation.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : rotation.headers,
    connections: options.connections,
    duration: options.durationS,
    requests: [
      {
        setupRequest: (request) => {
          if (rotation.method === 'POST') {
            next = (next + 1) % rotation.bodies.length;
            return { ...request, body: rotation.bodies[next] };
          }
          next = (next + 1) % rotation.paths.length;
          return { ...request, path: rotation.paths[next] };
        },
        onResponse: (status, body) => {
          if (status !== 200 && (refused += 1) <= 3) console.log(`  HTTP ${status}: ${body.slice(0, 200)}`);
        },
      },
    ],
  });
  const answered = result['2xx'];
  return {
    requestsPerSecond: answered / result.duration,
    requests: answered,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A bare server answering `body` to every request: what the machine does without the app. */
export function startBareServer(
  body: string,
  contentType: string,
): Promise<{ server: Server; baseURL: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': contentType });
      response.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, baseURL: `http://127.0.0.1:${port}` });
    });
  });
}

/** User + system CPU time of a process so far, in ms (Linux /proc; clock ticks are 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time so far, in ms, of each PostgreSQL backend serving `database` (their process title
 * names it), by process id: the database's share of a request, which the server's own CPU does
 * not hold. Compare two snapshots with `cpuSpent`.
 */
export function databaseCpuMs(database: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      byPid.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/**
 * CPU spent between two snapshots: each backend's growth, a new one's whole time. A backend that
 * ended in between is missed (the server's pool keeps its connections while it is busy).
 */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Resident memory of a process, in MB. */
export function processRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : 0;
}
