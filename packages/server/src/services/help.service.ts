/**
 * Help, notices, customer service and texts: `settings` rows (`community.help`,
 * `community.notice`, `community.kefu`, `community.txt.about`, `community.txt.agreement`), each a
 * JSON value; a missing or broken row answers the default below, so a fresh site is complete and
 * the admin console only has to write the rows it changes. Plus the online count.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { nowSeconds } from '../db/database.js';
import type { HelpRepository } from '../repositories/help.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { Locale } from '@dm51/shared';
import { helpDefaults } from './help-defaults.service.js';

export const ONLINE_WINDOW_S = 5 * 60;

const block = z.object({ id: z.number().int(), title: z.string(), content: z.string() });
const schemas = {
  help: z.array(block),
  notice: z.array(block.extend({ addtime: z.number().int() })),
  kefu: z.object({ title: z.string(), content: z.string(), email: z.string(), url: z.string() }),
  txt: z.object({ title: z.string(), content: z.string() }),
};

export class HelpService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly repo: HelpRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async read<T>(key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    const text = (await this.settings.getMany([key])).get(key);
    if (text === undefined) return fallback;
    try {
      return schema.parse(JSON.parse(text));
    } catch {
      this.log.warn({ key }, 'help setting has the wrong shape; answering the default');
      return fallback;
    }
  }

  /** The operator's help, else the default in the reader's language (so for every text below). */
  help(locale: Locale) {
    return this.read('community.help', schemas.help, helpDefaults(locale).help);
  }

  async notices(locale: Locale) {
    const list = await this.read('community.notice', schemas.notice, helpDefaults(locale).notices);
    return [...list].sort((a, b) => b.addtime - a.addtime);
  }

  kefu(locale: Locale) {
    return this.read('community.kefu', schemas.kefu, helpDefaults(locale).kefu);
  }

  text(name: 'about' | 'agreement', locale: Locale) {
    return this.read(`community.txt.${name}`, schemas.txt, helpDefaults(locale).texts[name]);
  }

  online(): Promise<number> {
    return this.repo.activeSessions(nowSeconds() - ONLINE_WINDOW_S);
  }
}
