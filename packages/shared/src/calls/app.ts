import { z } from 'zod';
import { defineCall, emptySchema } from './define.js';
import { guestInfoSchema } from './user.js';

export const appInitCall = defineCall({
  path: '/v3/app/init',
  summary: 'Start (or resume) the guest session of a device. The same deviceid gets the same guest back.',
  tag: 'app',
  auth: 'none',
  request: z.object({
    deviceid: z.string().trim().min(1).max(128),
  }),
  response: z.object({
    token: z.string(),
    is_guest: z.boolean(),
    guest: guestInfoSchema,
    user: z.object({ id: z.number().int() }),
  }),
});

/** Start-up settings (spec §3) with their defaults; kept in the database and editable by operators. */
export const startSettingsSchema = z.object({
  url: z.string(),
  image: z.string(),
  app_download_url: z.string(),
  app_text: z.string(),
  app_tabbar_ai_url: z.string(),
  app_tabbar_ai_mode: z.number().int(),
  app_start_switch: z.number().int(),
  app_start_countdown: z.number().int(),
  game_tab_mode: z.number().int(),
  game_tab_name: z.string(),
  game_tab_url: z.string(),
});
export type StartSettings = z.infer<typeof startSettingsSchema>;

export const appStartCall = defineCall({
  path: '/v3/app/start',
  summary: 'Start-up settings for the entry page and the tab bar.',
  tag: 'app',
  auth: 'none',
  request: emptySchema,
  response: startSettingsSchema,
});
