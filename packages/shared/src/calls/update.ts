/**
 * The update prompt (spec §2 "Update dialog", §3 "Update config"): what the newest
 * version is, its notes and whether it is forced.
 */
import { z } from 'zod';
import { defineCall, emptySchema } from './define.js';

/** Spec §3 "Update config"; stored as `settings` rows `update.<field>`, edited by the console. */
export const updateConfigSchema = z.object({
  /** Update notes as HTML (rich text); the client sanitises it before showing it. */
  describe: z.string(),
  /** The installer of the packaged Android app (apk); empty when there is none. */
  updateLink: z.string(),
  versionName: z.string(),
  /** 1: the dialog cannot be dismissed (no close icon, mask taps ignored). */
  force: z.number().int(),
  /** 1: a tap on the mask closes the dialog (never when forced). */
  maskClickClose: z.number().int(),
  /** Texts shown while downloading / after success / after failure; empty means the built-in text. */
  downloadingText: z.string(),
  successText: z.string(),
  errorText: z.string(),
  /** 1: after the apk installed, ask whether to uninstall the old version (spec §2). */
  uninstallPrompt: z.number().int(),
});
export type UpdateConfig = z.infer<typeof updateConfigSchema>;

export const appUpdateCall = defineCall({
  path: '/v3/app/update',
  summary:
    'The update config (spec §3): version name, notes (HTML), force and mask-click-close flags, the apk link and the download texts. Defaults until the console edits the settings `update.*`.',
  tag: 'app',
  auth: 'none',
  request: emptySchema,
  response: updateConfigSchema,
});

const themeColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/);
/** One theme's operator colours (console Growth → Themes); a missing field is the built-in value. */
export const themeColorOverridesSchema = z
  .object({ primary: themeColor, button: themeColor, headerTop: themeColor })
  .partial();

export const appThemeCall = defineCall({
  path: '/v3/app/theme',
  summary:
    'The operator’s theme colours (console Growth → Themes): per theme (light, dark) only the fields changed from the built-in values: primary (accents, tab bar selected, browser colour), button (filled buttons) and headerTop (top of the header gradient), each #RRGGBB. Fetched when the app is idle; applied from the next paint.',
  tag: 'app',
  auth: 'none',
  request: emptySchema,
  response: z.object({ light: themeColorOverridesSchema, dark: themeColorOverridesSchema }),
});
