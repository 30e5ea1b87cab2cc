/** One autocannon run of sealed POST bodies, counting answers whose code is not 1 as errors. */
import autocannon from 'autocannon';

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Transport errors (timeouts included), non-2xx answers and answers whose code is not 1. */
  errors: number;
  ok: number;
}

export async function measurePosts(
  url: string,
  next: () => string,
  options: { connections: number; durationS: number },
): Promise<Measurement> {
  let ok = 0;
  let refused = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    connections: options.connections,
    duration: options.durationS,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: next() }),
        onResponse: (status, body) => {
          // Non-2xx answers are counted by autocannon itself.
          if (status !== 200) return;
          if (body.startsWith('{"code":1,')) ok += 1;
          else if ((refused += 1) <= 3) console.log(`refused: ${body.slice(0, 200)}`);
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + refused,
    ok,
  };
}
