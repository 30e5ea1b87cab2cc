/**
 * Comment moderation switches, editable as `settings` rows:
 * - `community.comment_publish_directly` (JSON boolean, default true): when false, new comments
 *   start at status 0 ('reviewing', visible to their author only) until an operator publishes them.
 *   The default publishes directly because a small self-hosted site rarely has a moderator on duty;
 *   reports, blocks, the word filter and rate limits cover abuse.
 * - `community.comment_word_filter` (JSON array of strings, default a few obvious insults): each
 *   listed word is masked with '*' in new comments and feedback, case-insensitively.
 * A broken row falls back to its default (and is logged) rather than stopping every comment.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SettingsRepository } from '../repositories/settings.repository.js';

export const PUBLISH_DIRECTLY_KEY = 'community.comment_publish_directly';
export const WORD_FILTER_KEY = 'community.comment_word_filter';
export const DEFAULT_WORD_FILTER = ['fuck', 'shit', 'bitch', 'cunt', '傻逼', '操你妈'];

export interface ModerationRules {
  publishDirectly: boolean;
  words: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Masks every listed word (case-insensitive) with as many '*' as it has characters. */
export function maskWords(text: string, words: readonly string[]): string {
  const list = words.map((word) => word.trim()).filter((word) => word.length > 0);
  if (list.length === 0) return text;
  const pattern = new RegExp(list.map(escapeRegExp).join('|'), 'giu');
  return text.replace(pattern, (match) => '*'.repeat(Array.from(match).length));
}

export class ModerationService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  async rules(): Promise<ModerationRules> {
    const stored = await this.settings.getMany([PUBLISH_DIRECTLY_KEY, WORD_FILTER_KEY]);
    return {
      publishDirectly: this.read(stored.get(PUBLISH_DIRECTLY_KEY), z.boolean(), true, PUBLISH_DIRECTLY_KEY),
      words: this.read(
        stored.get(WORD_FILTER_KEY),
        z.array(z.string()),
        DEFAULT_WORD_FILTER,
        WORD_FILTER_KEY,
      ),
    };
  }

  private read<T>(text: string | undefined, schema: z.ZodType<T>, fallback: T, key: string): T {
    if (text === undefined) return fallback;
    try {
      return schema.parse(JSON.parse(text));
    } catch {
      this.log.warn({ key }, 'moderation setting is not valid JSON of the expected shape; using the default');
      return fallback;
    }
  }
}
