/**
 * The forwarder against a PostHog-shaped HTTP server on loopback (node:http): batches arrive in the
 * background with PostHog's field names and no secrets, a failing peer never slows ingestion, and
 * what it missed arrives once it is back.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient } from '../testing/test-client.js';
import { AnalyticsForwarder } from './analytics-forwarder.js';
import { PostHogTarget } from './posthog-target.js';

interface PostHogBody {
  api_key: string;
  batch: { event: string; distinct_id: string; timestamp: string; properties: Record<string, unknown> }[];
}

/** Answers /batch/ like PostHog (200 {"status":1}), or 503 while `down`. */
async function startPostHogPeer() {
  const received: PostHogBody[] = [];
  const peer = { received, down: false, url: '', server: null as unknown as Server };
  peer.server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/batch/') {
        response.writeHead(404).end();
        return;
      }
      if (peer.down) {
        response.writeHead(503).end('unavailable');
        return;
      }
      received.push(JSON.parse(body) as PostHogBody);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => peer.server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}`;
  return peer;
}

let peer: Awaited<ReturnType<typeof startPostHogPeer>>;
let ctx: TestApp;

beforeAll(async () => {
  peer = await startPostHogPeer();
  ctx = await buildTestApp({
    analytics: {
      retentionDays: 90,
      purgeIntervalS: 0,
      forward: { kind: 'posthog', url: peer.url, apiKey: 'phc_test' },
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => peer.server.close(resolve));
});

describe('analytics forwarder (PostHog)', () => {
  it('sends stored events in a batch with PostHog names and without secrets', async () => {
    const client = createTestClient(ctx);
    const guest = await client.initGuest();
    const now = Date.now();
    const answer = await client.call(
      '/v3/analytics/track',
      {
        channel: 'spring',
        events: [
          { id: 'page_view', params: { route: '/pages/home/home', user_token: 'secret' }, start_time: now },
          { id: 'login', params: { method: 'account', password: 'hunter2' }, value: 1, start_time: now },
        ],
      },
      { session: guest },
    );
    expect(answer.code).toBe(1);
    const forwarder = ctx.app.services.analytics.forwarder!;
    expect(forwarder.pending).toBe(2);
    await forwarder.flush();
    expect(peer.received).toHaveLength(1);
    const body = peer.received[0]!;
    expect(body.api_key).toBe('phc_test');
    expect(body.batch.map((event) => [event.event, event.distinct_id, event.properties['channel']])).toEqual([
      ['$pageview', `dm51:${guest.userId}`, 'spring'],
      ['login', `dm51:${guest.userId}`, 'spring'],
    ]);
    expect(body.batch[0]!.properties['$pathname']).toBe('/pages/home/home');
    expect(body.batch[0]!.timestamp).toBe(new Date(now).toISOString());
    expect(JSON.stringify(body)).not.toMatch(/secret|hunter2|password|token/);
  });

  it('keeps what a peer that is down missed and sends it when it is back; drops the oldest when full', async () => {
    const log = pino({ level: 'silent' });
    const forwarder = new AnalyticsForwarder(
      new PostHogTarget({ kind: 'posthog', url: peer.url, apiKey: 'k' }),
      log,
      {
        batchMax: 2,
        intervalMs: 1,
        queueMax: 5,
      },
    );
    const event = (name: string) => ({
      name,
      userId: 1,
      channel: '51dm',
      label: '',
      params: {},
      value: 0,
      count: 1,
      time: 0,
    });
    peer.down = true;
    peer.received.length = 0;
    forwarder.offer(['a', 'b', 'c'].map(event));
    await forwarder.flush();
    expect([forwarder.pending, peer.received.length]).toEqual([3, 0]);
    forwarder.offer(['d', 'e', 'f'].map(event));
    expect([forwarder.pending, forwarder.dropped]).toEqual([5, 1]);
    peer.down = false;
    await forwarder.stop();
    expect(peer.received.map((body) => body.batch.map((e) => e.event))).toEqual([
      ['b', 'c'],
      ['d', 'e'],
      ['f'],
    ]);
    expect([forwarder.pending, forwarder.forwarded]).toEqual([0, 5]);
  });
});
