/**
 * The rate limiter's counters in Redis: one hash per key ({hits, start, until}), each step a Lua
 * script so it is one atomic step on the server whichever instance sends it. The window rules are
 * the database counter's (RateLimitRepository): an attempt in a window that ended starts over at
 * 1, and a back-off attempt is only counted once `until` has passed. Keys expire on their own a
 * second after their window could matter.
 *
 * While Redis is unreachable the counters fall back to the database ones (logged): limits and
 * lock-outs stay enforced, with the counts kept in Redis before the outage not seen meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import type {
  BackoffRule,
  Counter,
  KeyedCounter,
  RateCounterStore,
} from '../rate-limit/rate-counter-store.js';
import type { SharedRedis } from './redis.js';

const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local saved = redis.call('HMGET', KEYS[1], 'hits', 'start', 'until')
local hits = tonumber(saved[1])
local start = tonumber(saved[2])
local untilTime = tonumber(saved[3]) or 0
if hits == nil or start == nil or start <= now - window then
  hits = 1
  start = now
  untilTime = 0
else
  hits = hits + 1
end
redis.call('HSET', KEYS[1], 'hits', hits, 'start', start, 'until', untilTime)
redis.call('EXPIRE', KEYS[1], window + 1)
return {hits, start, untilTime}
`;

/** The back-off step; answers false (nothing counted) while `until` is ahead. Delays as backoffDelay. */
const BACKOFF_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local cap = tonumber(ARGV[4])
local saved = redis.call('HMGET', KEYS[1], 'hits', 'start', 'until')
local hits = tonumber(saved[1])
local start = tonumber(saved[2])
local untilTime = tonumber(saved[3]) or 0
if hits == nil or start == nil or start <= now - window then
  hits = 1
  start = now
elseif untilTime > now then
  return false
else
  hits = hits + 1
end
local delay = 0
if hits > limit then delay = math.floor(math.min(cap, 2 ^ math.min(30, hits - limit - 1))) end
-- A free attempt sets no time: a request whose 'now' was read a second earlier must not be refused.
if delay > 0 then untilTime = now + delay elseif hits == 1 then untilTime = 0 end
redis.call('HSET', KEYS[1], 'hits', hits, 'start', start, 'until', untilTime)
redis.call('EXPIRE', KEYS[1], window + 1)
return {hits, start, untilTime}
`;

const RELEASE_SCRIPT = `
local saved = redis.call('HMGET', KEYS[1], 'hits', 'start')
local hits = tonumber(saved[1])
if hits == nil or hits <= 0 or tonumber(saved[2]) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'hits', hits - 1)
return 1
`;

/** An outage is logged at most this often (every rate check would log otherwise). */
const WARN_EVERY_MS = 30_000;

/** A prefix as a SCAN pattern: glob characters in it (an e-mail address may hold some) escaped. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

function counterOf(reply: [number, number, number]): Counter {
  return { hits: Number(reply[0]), window_start: Number(reply[1]), until_time: Number(reply[2]) };
}

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

  /** Runs `step` on Redis, or on the database while Redis is unreachable. */
  private async either<T>(onRedis: () => Promise<T>, onDatabase: () => Promise<T>): Promise<T> {
    if (!this.redis.usable) {
      this.warn(new Error(`Redis connection is ${this.redis.client.status}`));
      return onDatabase();
    }
    try {
      return await onRedis();
    } catch (error) {
      this.warn(error);
      return onDatabase();
    }
  }

  async get(key: string): Promise<Counter | undefined> {
    return this.either(
      async () => {
        const [hits, start, until] = await this.redis.client.hmget(this.key(key), 'hits', 'start', 'until');
        if (hits === null || start === null) return undefined;
        return { hits: Number(hits), window_start: Number(start), until_time: Number(until ?? 0) };
      },
      () => this.fallback.get(key),
    );
  }

  async reserve(key: string, now: number, windowS: number): Promise<Counter> {
    return this.either(
      async () =>
        counterOf(
          (await this.redis.client.eval(RESERVE_SCRIPT, 1, this.key(key), now, windowS)) as [
            number,
            number,
            number,
          ],
        ),
      () => this.fallback.reserve(key, now, windowS),
    );
  }

  async reserveBackoff(
    key: string,
    now: number,
    windowS: number,
    rule: BackoffRule,
  ): Promise<Counter | undefined> {
    return this.either(
      async () => {
        const reply = (await this.redis.client.eval(
          BACKOFF_SCRIPT,
          1,
          this.key(key),
          now,
          windowS,
          rule.limit,
          rule.capS,
        )) as [number, number, number] | null;
        return reply ? counterOf(reply) : undefined;
      },
      () => this.fallback.reserveBackoff(key, now, windowS, rule),
    );
  }

  async release(key: string, windowStart: number): Promise<void> {
    await this.either(
      async () => {
        await this.redis.client.eval(RELEASE_SCRIPT, 1, this.key(key), windowStart);
      },
      () => this.fallback.release(key, windowStart),
    );
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

  async deletePrefix(prefix: string): Promise<void> {
    const results = await Promise.allSettled([
      this.redis.usable ? this.scan(prefix).then((keys) => this.deleteKeys(keys)) : Promise.resolve(),
      this.fallback.deletePrefix(prefix),
    ]);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) this.log.warn({ err: failed.reason }, 'rate counter reset failed in Redis or the database');
  }

  /** Redis counters, and the database ones counted during an outage (Redis wins for a key in both). */
  async list(prefix: string): Promise<KeyedCounter[]> {
    const byKey = new Map<string, KeyedCounter>();
    for (const row of await this.fallback.list(prefix)) byKey.set(row.key, row);
    if (this.redis.usable) {
      const cut = this.redis.key('rate:').length;
      for (const redisKey of (await this.scan(prefix)).slice(0, 1000)) {
        const [hits, start, until] = await this.redis.client.hmget(redisKey, 'hits', 'start', 'until');
        if (hits === null || start === null) continue;
        const key = redisKey.slice(cut);
        byKey.set(key, {
          key,
          hits: Number(hits),
          window_start: Number(start),
          until_time: Number(until ?? 0),
        });
      }
    }
    return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
  }

  private async scan(prefix: string): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.client.scan(
        cursor,
        'MATCH',
        `${globEscape(this.key(prefix))}*`,
        'COUNT',
        500,
      );
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length) await this.redis.client.del(...keys);
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.log.warn({ err: error }, 'Redis rate counters unreachable; counting in the database meanwhile');
  }
}
