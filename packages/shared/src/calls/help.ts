/**
 * Help, notices, online count, customer service and texts (community). All of it is data in the
 * `settings` table (`community.*` keys, JSON) with defaults in the server when a row is missing,
 * so the admin console can edit it without a deploy.
 */
import { z } from 'zod';
import { defineCall } from './define.js';

const textBlock = z.object({ id: z.number().int(), title: z.string(), content: z.string() });

export const appHelpCall = defineCall({
  path: '/v3/app/help',
  summary: "Frequently asked questions for /pages/user/problem (setting 'community.help').",
  tag: 'help',
  auth: 'none',
  request: z.object({}),
  response: z.object({ list: z.array(textBlock) }),
});

export const appNoticeCall = defineCall({
  path: '/v3/app/notice',
  summary: "Current announcements (setting 'community.notice'), newest first.",
  tag: 'help',
  auth: 'none',
  request: z.object({}),
  response: z.object({ list: z.array(textBlock.extend({ addtime: z.number().int() })) }),
});

export const appOnlineCall = defineCall({
  path: '/v3/app/online',
  summary: 'How many sessions (guests included) were active in the last 5 minutes.',
  tag: 'help',
  auth: 'none',
  request: z.object({}),
  response: z.object({ online: z.number().int() }),
});

export const initKefuCall = defineCall({
  path: '/v3/init/kefu',
  summary: "Customer service contact (setting 'community.kefu').",
  tag: 'help',
  auth: 'none',
  request: z.object({}),
  response: z.object({ title: z.string(), content: z.string(), email: z.string(), url: z.string() }),
});

export const initTxtCall = defineCall({
  path: '/v3/init/txt',
  summary: "A text page: `name` 'about' or 'agreement' (settings 'community.txt.<name>').",
  tag: 'help',
  auth: 'none',
  request: z.object({ name: z.enum(['about', 'agreement']) }),
  response: z.object({ title: z.string(), content: z.string() }),
});
