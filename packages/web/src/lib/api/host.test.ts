import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickFirstHealthyHost, probeHost } from './host';

/** Real loopback servers: one healthy, one slow, one failing, one healthy; plus a closed port. */
const hits: string[] = [];
const servers: Server[] = [];

function start(name: string, handler: (respond: (status: number) => void) => void): Promise<string> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      hits.push(`${name} ${req.url}`);
      handler((status) => {
        res.writeHead(status, { 'access-control-allow-origin': '*' });
        res.end(status === 200 ? '{"status":"ok"}' : 'down');
      });
    });
    servers.push(server);
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

let slow = '';
let failing = '';
let healthyA = '';
let healthyB = '';
let closed = '';

beforeAll(async () => {
  slow = await start('slow', (respond) => setTimeout(() => respond(200), 1_000));
  failing = await start('failing', (respond) => respond(503));
  healthyA = await start('healthyA', (respond) => respond(200));
  healthyB = await start('healthyB', (respond) => respond(200));
  // A port that was open and is now closed: connection refused.
  const gone = createServer();
  closed = await new Promise<string>((resolve) =>
    gone.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(gone.address() as AddressInfo).port}`)),
  );
  await new Promise((resolve) => gone.close(resolve));
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('API host probing', () => {
  it('asks GET /healthz and accepts only a 2xx in time', async () => {
    expect(await probeHost(healthyA)).toBe(true);
    expect(await probeHost(failing)).toBe(false);
    expect(await probeHost(closed)).toBe(false);
    expect(await probeHost(slow, fetch, 200)).toBe(false);
    expect(hits).toContain('healthyA /healthz');
  });

  it('tries hosts in order and keeps the first that answers', async () => {
    hits.length = 0;
    const picked = await pickFirstHealthyHost([closed, slow, failing, healthyB, healthyA], fetch, 200);
    expect(picked).toBe(healthyB);
    // Nothing after the winner is contacted.
    expect(hits.filter((hit) => hit.startsWith('healthyA'))).toEqual([]);
    expect(hits.map((hit) => hit.split(' ')[0])).toEqual(['slow', 'failing', 'healthyB']);
  });

  it('returns null when no host answers, and for an empty list', async () => {
    expect(await pickFirstHealthyHost([closed, failing], fetch, 200)).toBeNull();
    expect(await pickFirstHealthyHost([], fetch, 200)).toBeNull();
  });
});
