/**
 * The one Redis connection of an instance (plus one subscriber connection, opened on the first
 * subscription, because a connection in subscriber mode can run no other command). Made by
 * buildApp when REDIS_URL is set and closed when the app closes, after the plugins (whose close
 * hooks flush the counters into it) are done.
 *
 * While the connection is not up (`usable` false) the users of this module do not wait for it: each
 * decides what an outage means for it (see docs/develop/decisions/0019-redis-shared-state.md).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RedisConfig } from './redis-config.js';

/** How long ping() waits before calling Redis unreachable. */
const PING_TIMEOUT_MS = 1_000;
/** A connection error is logged at most this often (a dead Redis retries every few hundred ms). */
const ERROR_LOG_EVERY_MS = 30_000;

type MessageHandler = (message: string) => void;

export class SharedRedis {
  readonly client: Redis;
  /** Tells this instance's own messages from the others' on a shared channel. */
  readonly instanceId = randomUUID();
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Set<MessageHandler>>();
  private lastErrorLog = 0;
  private closed = false;

  constructor(
    readonly config: RedisConfig,
    readonly log: FastifyBaseLogger,
  ) {
    this.client = this.connect('commands');
  }

  /** `name` under the configured prefix: every key and channel goes through here. */
  key(name: string): string {
    return `${this.config.keyPrefix}${name}`;
  }

  /** The command connection is up: users fall back at once instead of waiting when it is not. */
  get usable(): boolean {
    return this.client.status === 'ready';
  }

  /** Waits until the connection is up, at most `ms` (start-up); never throws. */
  async waitUsable(ms: number): Promise<boolean> {
    if (this.usable) return true;
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        resolve(value);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.client.once('ready', onReady);
    });
  }

  /** True when Redis answers PING within a second (for /readyz). Never throws. */
  async ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        this.client.ping(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('Redis PING timed out')), PING_TIMEOUT_MS);
        }),
      ]);
      return answer === 'PONG';
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Calls `handler` for every message on `channel` (prefixed here), this instance's own included. */
  async subscribe(channel: string, handler: MessageHandler): Promise<void> {
    const name = this.key(channel);
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler);
    if (!this.subscriber) {
      const subscriber = this.connect('subscriber');
      this.subscriber = subscriber;
      // Every (re)connection subscribes to every channel, including one whose first SUBSCRIBE
      // failed because Redis was down at start-up.
      subscriber.on('ready', () => {
        const channels = [...this.handlers.keys()];
        if (channels.length) subscriber.subscribe(...channels).catch(() => {});
      });
      this.subscriber.on('message', (from: string, message: string) => {
        for (const each of this.handlers.get(from) ?? []) {
          try {
            each(message);
          } catch (error) {
            this.log.error({ err: error, channel: from }, 'shared-state message handler failed');
          }
        }
      });
    }
    // ioredis subscribes again by itself after a reconnect.
    await this.subscriber.subscribe(name);
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.client.publish(this.key(channel), message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(
      [this.client, this.subscriber].map(async (connection) => {
        if (!connection) return;
        if (connection.status !== 'ready') {
          connection.disconnect(); // nothing to wait for
          return;
        }
        try {
          await connection.quit();
        } catch {
          connection.disconnect();
        }
      }),
    );
  }

  private connect(role: string): Redis {
    const connection = new Redis(this.config.url, {
      // A command waits for the connection through one reconnect attempt, then fails.
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // Reconnect forever, at most every 2 s: an instance outlives a Redis restart.
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    connection.on('error', (error: Error) => {
      const now = Date.now();
      if (now - this.lastErrorLog < ERROR_LOG_EVERY_MS) return;
      this.lastErrorLog = now;
      this.log.warn({ err: error, role }, 'Redis connection error (logged at most every 30 s)');
    });
    return connection;
  }
}
