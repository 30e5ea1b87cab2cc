/**
 * A counter buffer in Redis, shared by every instance: view counts and ad impressions
 * and clicks are added with HINCRBY to one hash, and a flush (any instance, every interval) takes
 * the whole hash atomically (RENAME to a processing key of its own, recorded with its time in a
 * sorted set), writes it to the database, and deletes the processing key only after the database
 * committed. A processing key that a crashed or failed flusher left behind is taken again by a
 * later flush once it is `staleAfterMs` old.
 *
 * Every batch is handed to `write` with its key, which the write records in its own transaction
 * (repositories/counter-batches.ts): a batch taken again — its flusher died between the database
 * commit and the DEL that follows it, or a write outlasted `staleAfterMs` — is skipped there, so
 * nothing counted is lost and nothing is counted twice.
 */
import { randomUUID } from 'node:crypto';
import type { SharedRedis } from './redis.js';

/** Moves the live hash to a processing key and records it, in one step; 0 when there is nothing. */
const TAKE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('ZADD', KEYS[3], ARGV[1], KEYS[2])
return 1
`;

/** Claims a left-over batch for this flush if it is still stale (so two flushes never both take it). */
const CLAIM_SCRIPT = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) > tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return 1
`;

/** Writes one batch of counts; `batch` (its Redis key) names it for the exactly-once check. */
export type BatchWrite = (counts: Map<string, number>, batch: string) => Promise<void>;

export class RedisCounterBuffer {
  private readonly live: string;
  private readonly processing: string;
  private readonly batchPrefix: string;

  constructor(
    private readonly redis: SharedRedis,
    /** Names this buffer's keys (`views`, `ad-stats`). */
    name: string,
    private readonly staleAfterMs = 60_000,
  ) {
    this.live = redis.key(`${name}:live`);
    this.processing = redis.key(`${name}:processing`);
    this.batchPrefix = redis.key(`${name}:batch:`);
  }

  /** Adds each field's count (one round trip). */
  async add(counts: Iterable<[field: string, count: number]>): Promise<void> {
    if (!this.redis.usable) throw new Error(`Redis connection is ${this.redis.client.status}`);
    const pipeline = this.redis.client.pipeline();
    for (const [field, count] of counts) pipeline.hincrby(this.live, field, count);
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0]!;
  }

  /**
   * Hands every batch to `write` with its key (left-over ones first, then the live counts) and
   * forgets each after `write` resolves. A failed write leaves its batch to be taken again by the
   * next flush; `write` must skip a key it has already written (the same batch may come again).
   */
  async drain(write: BatchWrite): Promise<void> {
    if (!this.redis.usable) return; // what is there waits for the connection
    const now = Date.now();
    const stale = now - this.staleAfterMs;
    const leftOver = await this.redis.client.zrangebyscore(this.processing, '-inf', stale);
    for (const key of leftOver) {
      const claimed = await this.redis.client.eval(CLAIM_SCRIPT, 1, this.processing, key, stale, now);
      if (Number(claimed) === 1) await this.writeBatch(key, write);
    }
    const key = `${this.batchPrefix}${randomUUID()}`;
    const taken = await this.redis.client.eval(TAKE_SCRIPT, 3, this.live, key, this.processing, now);
    if (Number(taken) === 1) await this.writeBatch(key, write);
  }

  private async writeBatch(key: string, write: BatchWrite): Promise<void> {
    const raw = await this.redis.client.hgetall(key);
    const counts = new Map<string, number>();
    for (const [field, value] of Object.entries(raw)) counts.set(field, Number(value));
    try {
      if (counts.size > 0) await write(counts, key);
    } catch (error) {
      // Due again at the next flush.
      await this.redis.client.zadd(this.processing, 0, key);
      throw error;
    }
    await this.redis.client.multi().del(key).zrem(this.processing, key).exec();
  }
}
