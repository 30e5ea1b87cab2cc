/**
 * Growth → Tasks, Invites, Start-up settings and Texts: the definitions the app already reads from
 * the database (the task centre's `task_defs`, `task_checkin_days` and `settings` rows), made editable.
 * Every change writes the same rows the app reads, one audit row per changed record (before /
 * after) in the change's transaction; the route drops the app's caches after the commit
 * (start-up settings and invite rules are cached 5 s; tasks, check-in rewards, help and texts are
 * read on every request), so the app's next call sees the change.
 */
import { DEFAULT_START_SETTINGS, startSettingsSchema, type StartSettings } from '@dm51/shared';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { nowSeconds, type Database } from '../../db/database.js';
import type { TaskDefRow } from '../../db/schema-tasks.js';
import { SettingsRepository } from '../../repositories/settings.repository.js';
import {
  DEFAULT_HELP,
  DEFAULT_KEFU,
  DEFAULT_NOTICES,
  DEFAULT_TEXTS,
} from '../../services/help-defaults.service.js';
import {
  DEFAULT_INVITE_RULES,
  INVITE_SETTING_PREFIX,
  type InviteRules,
} from '../../services/invite-settings.service.js';
import { START_SETTING_PREFIX } from '../../services/settings.service.js';
import { DEFAULT_MAKEUP_COST, MAKEUP_COST_SETTING } from '../../services/task-checkin.service.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';

export const REWARD_TYPES = ['coins', 'vip_hours', 'ai_credits'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];
/** The most one claim may pay: a generous bonus, a month of VIP, a handful of AI tries. */
export const REWARD_CAPS: Record<RewardType, number> = { coins: 100_000, vip_hours: 720, ai_credits: 100 };
/** Targets per metric: counts of a day's actions, or minutes of a day. One-time tasks are done or not (1). */
export const TARGET_CAPS: Record<string, number> = {
  chapters: 500,
  read_minutes: 1440,
  watch_minutes: 1440,
  comments: 100,
  shares: 100,
  favorites: 100,
};
export const MAKEUP_COST_CAP = 100_000;

/** Invite rules: each whole and within its own sane range (the app accepts 0–1,000,000 for all). */
export const INVITE_RULE_RANGES: Record<keyof InviteRules, [number, number]> = {
  window_days: [1, 365],
  invitee_coins: [0, 100_000],
  invitee_vip_hours: [0, 720],
  inviter_coins: [0, 100_000],
  inviter_vip_hours: [0, 720],
  first_task_coins: [0, 100_000],
  first_task_vip_hours: [0, 720],
  first_topup_coins: [0, 100_000],
  first_topup_vip_hours: [0, 720],
  bonus_days: [0, 3650],
  max_accounts_per_device: [1, 100],
  max_accounts_per_ip: [1, 1000],
};

const link = (max: number) =>
  z.union([
    z.literal(''),
    z
      .string()
      .max(max)
      .regex(/^(https?:\/\/\S+|\/\S*)$/, 'An http(s) address or an app path starting with /'),
  ]);
const flag = z.union([z.literal(0), z.literal(1)]);

/**
 * The start-up settings an operator may write: the app's own schema (packages/shared
 * `startSettingsSchema`) narrowed to what its screens understand — 0/1 switches, a countdown the
 * splash can show, links that are http(s) or an app path, labels that fit the tab bar.
 */
export const START_SETTINGS_INPUT = z
  .object({
    url: startSettingsSchema.shape.url.pipe(link(2048)),
    image: startSettingsSchema.shape.image.pipe(link(2048)),
    app_download_url: startSettingsSchema.shape.app_download_url.pipe(link(2048)),
    app_text: startSettingsSchema.shape.app_text.max(200),
    app_tabbar_ai_url: startSettingsSchema.shape.app_tabbar_ai_url.pipe(link(2048)),
    app_tabbar_ai_mode: startSettingsSchema.shape.app_tabbar_ai_mode.pipe(flag),
    app_start_switch: startSettingsSchema.shape.app_start_switch.pipe(flag),
    app_start_countdown: startSettingsSchema.shape.app_start_countdown.min(1).max(30),
    game_tab_mode: startSettingsSchema.shape.game_tab_mode.pipe(flag),
    game_tab_name: startSettingsSchema.shape.game_tab_name.max(20),
    game_tab_url: startSettingsSchema.shape.game_tab_url.pipe(link(2048)),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field');

/** Plain text as the app shows it (React text, never HTML): tags and their scripts removed. */
export function plainText(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
  return (
    stripped
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\r\n?/g, '\n')
      // Control characters other than line breaks and tabs would only show as boxes.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .trim()
  );
}

const title = z.string().trim().min(1).max(200);
const body = z.string().trim().min(1).max(20_000);
const block = z.object({ id: z.number().int().positive(), title, content: body }).strict();
const uniqueIds = (list: { id: number }[]) => new Set(list.map((item) => item.id)).size === list.length;

export const TEXTS_INPUT = z
  .object({
    help: z.array(block).max(100).refine(uniqueIds, 'Each help entry needs its own id'),
    notice: z
      .array(block.extend({ addtime: z.number().int().min(0).optional() }))
      .max(50)
      .refine(uniqueIds, 'Each notice needs its own id'),
    kefu: z
      .object({
        title,
        content: body,
        email: z.union([z.literal(''), z.string().email().max(200)]),
        url: link(2048),
      })
      .strict(),
    about: z.object({ title, content: body }).strict(),
    agreement: z.object({ title, content: body }).strict(),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one field');
export type TextsInput = z.infer<typeof TEXTS_INPUT>;

type TextName = 'help' | 'notice' | 'kefu' | 'about' | 'agreement';
const TEXT_KEYS: Record<TextName, string> = {
  help: 'community.help',
  notice: 'community.notice',
  kefu: 'community.kefu',
  about: 'community.txt.about',
  agreement: 'community.txt.agreement',
};
const TEXT_DEFAULTS = {
  help: DEFAULT_HELP,
  notice: DEFAULT_NOTICES,
  kefu: DEFAULT_KEFU,
  about: DEFAULT_TEXTS.about,
  agreement: DEFAULT_TEXTS.agreement,
};
/** The shapes the app's HelpService accepts (a row of another shape answers its default there). */
const TEXT_SHAPES = {
  help: z.array(z.object({ id: z.number().int(), title: z.string(), content: z.string() })),
  notice: z.array(
    z.object({ id: z.number().int(), title: z.string(), content: z.string(), addtime: z.number().int() }),
  ),
  kefu: z.object({ title: z.string(), content: z.string(), email: z.string(), url: z.string() }),
  about: z.object({ title: z.string(), content: z.string() }),
  agreement: z.object({ title: z.string(), content: z.string() }),
};
export type Texts = { [K in TextName]: z.infer<(typeof TEXT_SHAPES)[K]> };

export interface TaskDefChange {
  rewardType?: RewardType;
  rewardAmount?: number;
  target?: number;
  enabled?: 0 | 1;
  sort?: number;
}

export interface CheckinChange {
  days?: { day: number; rewardType: RewardType; rewardAmount: number }[];
  makeupCost?: number;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const presentTask = (row: TaskDefRow) => ({
  id: row.id,
  key: row.task_key,
  kind: row.kind,
  metric: row.metric,
  target: row.target,
  targetMax: TARGET_CAPS[row.metric] ?? 1,
  rewardType: row.reward_type,
  rewardAmount: row.reward_amount,
  sort: row.sort,
  enabled: row.enabled,
});

export class GrowthSettingsService {
  // ---- Tasks -------------------------------------------------------------------------------------

  async readTasks(db: Database) {
    const [defs, days, makeup] = await Promise.all([
      db.selectFrom('task_defs').selectAll().orderBy('sort').orderBy('id').execute(),
      db
        .selectFrom('task_checkin_days')
        .select(['day', 'reward_type', 'reward_amount'])
        .orderBy('day')
        .execute(),
      new SettingsRepository(db).getMany([MAKEUP_COST_SETTING]),
    ]);
    const cost = Number(parseJson(makeup.get(MAKEUP_COST_SETTING)));
    return {
      tasks: defs.map(presentTask),
      checkin: days.map((d) => ({ day: d.day, rewardType: d.reward_type, rewardAmount: d.reward_amount })),
      makeupCost: Number.isSafeInteger(cost) && cost >= 0 ? cost : DEFAULT_MAKEUP_COST,
      caps: { reward: REWARD_CAPS, makeupCost: MAKEUP_COST_CAP },
    };
  }

  async updateTask(trx: Database, audit: Audit, id: number, change: TaskDefChange) {
    const row = await trx.selectFrom('task_defs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw AdminErrors.notFound('task');
    const before = presentTask(row);
    const rewardType = change.rewardType ?? (row.reward_type as RewardType);
    const rewardAmount = change.rewardAmount ?? row.reward_amount;
    if (rewardAmount > REWARD_CAPS[rewardType])
      throw AdminErrors.invalid(`A ${rewardType} reward is at most ${REWARD_CAPS[rewardType]}`);
    if (change.target !== undefined && change.target !== row.target) {
      const cap = TARGET_CAPS[row.metric];
      if (cap === undefined) throw AdminErrors.invalid('A one-time task is done or not: its target stays 1');
      if (change.target > cap) throw AdminErrors.invalid(`The target of ${row.task_key} is at most ${cap}`);
    }
    await trx
      .updateTable('task_defs')
      .set({
        reward_type: rewardType,
        reward_amount: rewardAmount,
        target: change.target ?? row.target,
        enabled: change.enabled ?? row.enabled,
        sort: change.sort ?? row.sort,
        updated_time: nowSeconds(),
      })
      .where('id', '=', id)
      .execute();
    const after = presentTask(
      (await trx
        .selectFrom('task_defs')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as TaskDefRow,
    );
    await audit({ action: 'task.update', targetType: 'task', targetId: row.task_key, before, after });
    return after;
  }

  async updateCheckin(trx: Database, audit: Audit, change: CheckinChange) {
    const before = await this.readTasks(trx);
    if (change.days) {
      for (const day of change.days)
        if (day.rewardAmount > REWARD_CAPS[day.rewardType])
          throw AdminErrors.invalid(
            `Day ${day.day}: a ${day.rewardType} reward is at most ${REWARD_CAPS[day.rewardType]}`,
          );
      const time = nowSeconds();
      for (const day of change.days) {
        const done = await trx
          .updateTable('task_checkin_days')
          .set({ reward_type: day.rewardType, reward_amount: day.rewardAmount, updated_time: time })
          .where('day', '=', day.day)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0)
          await trx
            .insertInto('task_checkin_days')
            .values({
              day: day.day,
              reward_type: day.rewardType,
              reward_amount: day.rewardAmount,
              updated_time: time,
            })
            .execute();
      }
    }
    if (change.makeupCost !== undefined)
      await new SettingsRepository(trx).set(
        MAKEUP_COST_SETTING,
        JSON.stringify(change.makeupCost),
        nowSeconds(),
      );
    const after = await this.readTasks(trx);
    await audit({
      action: 'checkin.update',
      targetType: 'setting',
      targetId: 'checkin',
      before: { days: before.checkin, makeupCost: before.makeupCost },
      after: { days: after.checkin, makeupCost: after.makeupCost },
    });
    return after;
  }

  // ---- Invites -----------------------------------------------------------------------------------

  async readInviteRules(db: Database): Promise<InviteRules> {
    const names = Object.keys(DEFAULT_INVITE_RULES) as (keyof InviteRules)[];
    const stored = await new SettingsRepository(db).getMany(names.map((n) => INVITE_SETTING_PREFIX + n));
    const rules = { ...DEFAULT_INVITE_RULES };
    for (const name of names) {
      const value = parseJson(stored.get(INVITE_SETTING_PREFIX + name));
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000)
        rules[name] = value;
    }
    return rules;
  }

  async updateInviteRules(trx: Database, audit: Audit, change: Partial<InviteRules>) {
    const before = await this.readInviteRules(trx);
    const settings = new SettingsRepository(trx);
    const time = nowSeconds();
    for (const [name, value] of Object.entries(change))
      if (value !== undefined) await settings.set(INVITE_SETTING_PREFIX + name, JSON.stringify(value), time);
    const after = await this.readInviteRules(trx);
    await audit({ action: 'invite_rules.update', targetType: 'setting', targetId: 'invite', before, after });
    return after;
  }

  /** The ten accounts with the most invited friends, and what the programme paid them. */
  async inviteLeaders(db: Database) {
    const leaders = await db
      .selectFrom('invitations')
      .innerJoin('users', 'users.id', 'invitations.inviter_id')
      .select(({ fn }) => [
        'invitations.inviter_id as userId',
        'users.nickname as nickname',
        fn.countAll<number>().as('friends'),
      ])
      .groupBy(['invitations.inviter_id', 'users.nickname'])
      .orderBy('friends', 'desc')
      .orderBy('invitations.inviter_id')
      .limit(10)
      .execute();
    if (leaders.length === 0) return [];
    const paid = await db
      .selectFrom('invite_rewards')
      .select(({ fn }) => [
        'user_id',
        fn.sum<number>('coins').as('coins'),
        fn.sum<number>('vip_seconds').as('vipSeconds'),
      ])
      .where(
        'user_id',
        'in',
        leaders.map((l) => l.userId),
      )
      .groupBy('user_id')
      .execute();
    const byUser = new Map(paid.map((p) => [p.user_id, p]));
    return leaders.map((l) => ({
      userId: l.userId,
      nickname: l.nickname,
      friends: Number(l.friends),
      coins: Number(byUser.get(l.userId)?.coins ?? 0),
      vipHours: Math.floor(Number(byUser.get(l.userId)?.vipSeconds ?? 0) / 3600),
    }));
  }

  /** Codes entered, newest first. */
  async invitations(db: Database, page: number, pageSize: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('invitations')
        .select([
          'id',
          'inviter_id as inviterId',
          'invitee_id as inviteeId',
          'code',
          'ip',
          'created_time as time',
        ])
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db
        .selectFrom('invitations')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map((r) => ({ ...r, time: Number(r.time) })), total: Number(total.n) };
  }

  // ---- Start-up settings -------------------------------------------------------------------------

  async readStartSettings(db: Database): Promise<StartSettings> {
    const fields = Object.keys(DEFAULT_START_SETTINGS) as (keyof StartSettings)[];
    const stored = await new SettingsRepository(db).getMany(fields.map((f) => START_SETTING_PREFIX + f));
    const value: Record<string, unknown> = { ...DEFAULT_START_SETTINGS };
    for (const field of fields) {
      const checked = startSettingsSchema.shape[field].safeParse(
        parseJson(stored.get(START_SETTING_PREFIX + field)),
      );
      if (checked.success) value[field] = checked.data;
    }
    return value as StartSettings;
  }

  async updateStartSettings(trx: Database, audit: Audit, change: Partial<StartSettings>) {
    const before = await this.readStartSettings(trx);
    const settings = new SettingsRepository(trx);
    const time = nowSeconds();
    for (const [field, value] of Object.entries(change))
      if (value !== undefined) await settings.set(START_SETTING_PREFIX + field, JSON.stringify(value), time);
    const after = await this.readStartSettings(trx);
    await audit({ action: 'start_settings.update', targetType: 'setting', targetId: 'start', before, after });
    return after;
  }

  // ---- Texts -------------------------------------------------------------------------------------

  async readTexts(db: Database): Promise<Texts> {
    const names = Object.keys(TEXT_KEYS) as TextName[];
    const stored = await new SettingsRepository(db).getMany(names.map((n) => TEXT_KEYS[n]));
    const texts: Record<string, unknown> = {};
    for (const name of names) {
      const checked = TEXT_SHAPES[name].safeParse(parseJson(stored.get(TEXT_KEYS[name])));
      texts[name] = checked.success ? checked.data : TEXT_DEFAULTS[name];
    }
    return texts as Texts;
  }

  /** Writes the texts sent, as plain text (tags removed); one audit row per text changed. */
  async updateTexts(trx: Database, audit: Audit, change: TextsInput) {
    const before = await this.readTexts(trx);
    const clean = (value: { title: string; content: string }) => {
      const cleaned = { title: plainText(value.title), content: plainText(value.content) };
      if (!cleaned.title || !cleaned.content)
        throw AdminErrors.invalid('A title and a text are needed (markup alone is removed)');
      return cleaned;
    };
    const time = nowSeconds();
    const next: Partial<Texts> = {};
    if (change.help) next.help = change.help.map((b) => ({ id: b.id, ...clean(b) }));
    if (change.notice)
      next.notice = change.notice.map((b) => {
        const old = before.notice.find((n) => n.id === b.id);
        return { id: b.id, ...clean(b), addtime: b.addtime || old?.addtime || time };
      });
    if (change.kefu) next.kefu = { ...clean(change.kefu), email: change.kefu.email, url: change.kefu.url };
    if (change.about) next.about = clean(change.about);
    if (change.agreement) next.agreement = clean(change.agreement);
    const settings = new SettingsRepository(trx);
    let changed = 0;
    for (const name of Object.keys(next) as TextName[]) {
      const value = next[name];
      if (JSON.stringify(value) === JSON.stringify(before[name])) continue;
      await settings.set(TEXT_KEYS[name], JSON.stringify(value), time);
      await audit({
        action: 'text.update',
        targetType: 'setting',
        targetId: TEXT_KEYS[name],
        before: before[name],
        after: value,
      });
      changed += 1;
    }
    return { texts: await this.readTexts(trx), changed };
  }
}
