/**
 * The rate limiter's fixed-window counters in Redis: one hash per key ({hits, start}), counted by a
 * Lua script so a hit is one atomic step on the server whichever instance sends it. The window
 * rules are the database counter's (RateLimitRepository.hit): a hit in a window that ended starts
 * over at 1. Keys expire on their own a second after their window could matter.
 *
 * While Redis is unreachable the counters fall back to the database ones (logged): limits and
 * lock-outs stay enforced, with the counts kept in Redis before the outage not seen meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Counter, RateLimitRepository } from '../repositories/rate-limit.repository.js';
import type { RateCounterStore } from '../rate-limit/rate-limiter.js';
import type { SharedRedis } from './redis.js';

const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local saved = redis.call('HMGET', KEYS[1], 'hits', 'start')
local hits = tonumber(saved[1])
local start = tonumber(saved[2])
if hits == nil or start == nil or start <= now - window then
  hits = 1
  start = now
else
  hits = hits + 1
end
redis.call('HSET', KEYS[1], 'hits', hits, 'start', start)
redis.call('EXPIRE', KEYS[1], window + 1)
return {hits, start}
`;

/** An outage is logged at most this often (every rate check would log otherwise). */
const WARN_EVERY_MS = 30_000;

export class RedisRateCounters implements RateCounterStore {
  private lastWarning = 0;

  constructor(
    private readonly redis: SharedRedis,
    private readonly fallback: RateLimitRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  private key(name: string): string {
    return this.redis.key(`rate:${name}`);
  }

  async get(key: string): Promise<Counter | undefined> {
    if (!this.redis.usable) return this.fallback.get(key);
    try {
      const [hits, start] = await this.redis.client.hmget(this.key(key), 'hits', 'start');
      if (hits === null || start === null) return undefined;
      return { hits: Number(hits), window_start: Number(start) };
    } catch (error) {
      this.warn(error);
      return this.fallback.get(key);
    }
  }

  async hit(key: string, now: number, windowS: number): Promise<Counter> {
    if (!this.redis.usable) {
      this.warn(new Error(`Redis connection is ${this.redis.client.status}`));
      return this.fallback.hit(key, now, windowS);
    }
    try {
      const [hits, start] = (await this.redis.client.eval(HIT_SCRIPT, 1, this.key(key), now, windowS)) as [
        number,
        number,
      ];
      return { hits: Number(hits), window_start: Number(start) };
    } catch (error) {
      this.warn(error);
      return this.fallback.hit(key, now, windowS);
    }
  }

  async delete(key: string): Promise<void> {
    // A reset (a successful login) clears both, so a count made during an outage is not left behind.
    const results = await Promise.allSettled([
      this.redis.usable ? this.redis.client.del(this.key(key)) : Promise.resolve(0),
      this.fallback.delete(key),
    ]);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) this.log.warn({ err: failed.reason }, 'rate counter reset failed in Redis or the database');
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.log.warn({ err: error }, 'Redis rate counters unreachable; counting in the database meanwhile');
  }
}
