/**
 * Money settings, editable as `settings` rows (the admin console edits them; a broken row falls
 * back to its default and is logged):
 * - `money.chapter_price` (JSON {"0": comic, "1": novel, "2": anime}): coins per paid chapter when
 *   neither the chapter (`price_coins`) nor its work (`chapter_price`) sets one.
 * - `money.batch_discounts` (JSON [{count, percent}]): buying the next `count` or more locked
 *   chapters at once takes `percent` off (the highest tier reached applies).
 * Read on every unlock and quote, so cached for a few seconds.
 */
import { TimedCache } from './timed-cache.js';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SettingsRepository } from '../repositories/settings.repository.js';

export const CHAPTER_PRICE_KEY = 'money.chapter_price';
export const BATCH_DISCOUNTS_KEY = 'money.batch_discounts';
export const DEFAULT_CHAPTER_PRICE: Record<string, number> = { '0': 10, '1': 5, '2': 20 };
export const DEFAULT_BATCH_DISCOUNTS = [
  { count: 5, percent: 5 },
  { count: 10, percent: 10 },
  { count: 30, percent: 20 },
];

export interface MoneyRules {
  chapterPrice: Record<string, number>;
  batchDiscounts: { count: number; percent: number }[];
}

const CACHE_MS = 5_000;

export class MoneySettingsService {
  private readonly cache = new TimedCache<MoneyRules>(CACHE_MS);

  constructor(
    private readonly settings: SettingsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  rules(): Promise<MoneyRules> {
    return this.cache.get(() => this.readRules());
  }

  private async readRules(): Promise<MoneyRules> {
    const stored = await this.settings.getMany([CHAPTER_PRICE_KEY, BATCH_DISCOUNTS_KEY]);
    const value = {
      chapterPrice: this.read(
        stored.get(CHAPTER_PRICE_KEY),
        z.record(z.string(), z.number().int().min(0).max(100_000)),
        DEFAULT_CHAPTER_PRICE,
        CHAPTER_PRICE_KEY,
      ),
      batchDiscounts: this.read(
        stored.get(BATCH_DISCOUNTS_KEY),
        z.array(
          z.object({ count: z.number().int().min(2).max(200), percent: z.number().int().min(0).max(90) }),
        ),
        DEFAULT_BATCH_DISCOUNTS,
        BATCH_DISCOUNTS_KEY,
      ),
    };
    return value;
  }

  invalidate(): void {
    this.cache.invalidate();
  }

  private read<T>(text: string | undefined, schema: z.ZodType<T>, fallback: T, key: string): T {
    if (text === undefined) return fallback;
    try {
      return schema.parse(JSON.parse(text));
    } catch {
      this.log.warn({ key }, 'money setting is not valid JSON of the expected shape; using the default');
      return fallback;
    }
  }
}

/** The discount (percent) for buying `count` chapters at once. */
export function discountFor(count: number, tiers: MoneyRules['batchDiscounts']): number {
  return tiers.reduce((best, tier) => (count >= tier.count && tier.percent > best ? tier.percent : best), 0);
}

/** A chapter's price: its own, else its work's, else the kind's default. */
export function chapterPrice(
  chapter: { price_coins: number },
  work: { chapter_price: number; type: number },
  defaults: Record<string, number>,
): number {
  if (chapter.price_coins > 0) return chapter.price_coins;
  if (work.chapter_price > 0) return work.chapter_price;
  return defaults[String(work.type)] ?? 0;
}
