/**
 * Caches invalidated together across instances. Home answers, the start-up, update, theme, money and
 * invite settings and the search index are cached per process for a few seconds; the console drops
 * them when the operator changes something (`invalidate()`, `search.refreshIndex()`). With Redis,
 * that drop is also published on one channel, and every other instance drops the same caches when
 * the message arrives, so a change made through instance A shows on B at the next request rather
 * than after the TTL. Without Redis nothing changes: invalidate() is the direct call it always was.
 *
 * A message lost while an instance's subscriber is reconnecting costs what it cost before Redis:
 * the caches are short-lived (≤ 5 s), and search follows the catalogue version from the database.
 */
import type { Services } from '../services/index.js';
import type { SharedRedis } from './redis.js';

const CHANNEL = 'cache-invalidate';

interface Invalidatable {
  invalidate(): void;
}

export class CacheBus {
  private readonly handlers = new Map<string, () => void>();

  constructor(private readonly redis: SharedRedis) {}

  async start(): Promise<void> {
    await this.redis.subscribe(CHANNEL, (message) => {
      let parsed: { topic?: unknown; from?: unknown };
      try {
        parsed = JSON.parse(message) as typeof parsed;
      } catch {
        return;
      }
      // This instance dropped its own caches before publishing.
      if (parsed.from === this.redis.instanceId || typeof parsed.topic !== 'string') return;
      this.handlers.get(parsed.topic)?.();
    });
  }

  /** `drop` runs here whenever another instance publishes `topic`. */
  on(topic: string, drop: () => void): void {
    this.handlers.set(topic, drop);
  }

  /** Tells the other instances; a failure is logged (they catch up within their cache's TTL). */
  publish(topic: string): void {
    const message = JSON.stringify({ topic, from: this.redis.instanceId });
    this.redis.publish(CHANNEL, message).catch((error: unknown) => {
      this.redis.log.warn(
        { err: error, topic },
        'cache invalidation not published; others see it after the TTL',
      );
    });
  }

  /** Makes `target.invalidate()` drop this instance's cache and then the others'. */
  share(topic: string, target: Invalidatable): void {
    const local = target.invalidate.bind(target);
    this.on(topic, local);
    target.invalidate = () => {
      local();
      this.publish(topic);
    };
  }
}

/** Wires the app's caches to the bus; without Redis (the embedded default) does nothing. */
export async function shareCaches(services: Services, redis: SharedRedis | null): Promise<CacheBus | null> {
  if (!redis) return null;
  const bus = new CacheBus(redis);
  bus.share('home', services.home);
  bus.share('start-settings', services.settings);
  bus.share('update-config', services.adsUpdates.updateConfig);
  bus.share('theme', services.adsUpdates.theme);
  bus.share('money-settings', services.money.settings);
  bus.share('invite-settings', services.invites.settings);
  // A re-index on one instance (a console edit, or imported changes it picked up first) changes the
  // documents every instance's in-memory search was loaded from.
  const search = services.search;
  const refreshIndex = search.refreshIndex.bind(search);
  bus.on('search', () => search.dropCaches());
  search.refreshIndex = async () => {
    const changed = await refreshIndex();
    if (changed > 0) bus.publish('search');
    return changed;
  };
  try {
    await bus.start();
  } catch (error) {
    redis.log.error({ err: error }, 'cache invalidation channel not subscribed; caches expire by their TTL');
  }
  return bus;
}
