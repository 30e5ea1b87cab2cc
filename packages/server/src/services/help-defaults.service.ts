/**
 * The texts a fresh site answers until an operator writes its own `community.*` settings rows, in
 * English here and in the app's other languages in help-defaults-translations.ts.
 */
import type { Locale } from '@dm51/shared';
import { ES, FR, ZH_CN, ZH_TW } from './help-defaults-translations.js';

export const DEFAULT_HELP = [
  {
    id: 1,
    title: 'Why do I need to bind a phone number or e-mail?',
    content:
      'A guest account lives on one device. Binding a phone number or an e-mail address (Mine → Settings → ' +
      'Account) keeps your favourites, history and coins when you change or reset your phone, and unlocks tasks.',
  },
  {
    id: 2,
    title: 'A comic or episode does not load',
    content:
      'Check your connection and pull down to refresh. If one chapter keeps failing while others work, send ' +
      'us feedback with the title and chapter so we can repair the file.',
  },
  {
    id: 3,
    title: 'What are VIP chapters?',
    content:
      'Chapters marked VIP can be read while your VIP membership is active. Free chapters stay free for everyone.',
  },
  {
    id: 4,
    title: 'How do I stop seeing someone’s comments?',
    content:
      'Tap ⋯ on one of their comments and choose Block. Their comments disappear on every device you sign in ' +
      'to; you can unblock them in the same menu.',
  },
  {
    id: 5,
    title: 'How do I get told about new chapters?',
    content:
      'Follow a work from its detail page. New chapters then arrive as messages under Mine → Messages → Updates.',
  },
];

export const DEFAULT_NOTICES = [
  {
    id: 1,
    title: 'Welcome',
    content:
      'Welcome! Comments are open on every comic, novel and anime. Be kind: reported comments are reviewed ' +
      'within 24 hours.',
    addtime: 1_767_225_600,
  },
];

export const DEFAULT_KEFU = {
  title: 'Customer service',
  content:
    'Questions about your account, payments or content? Send feedback from Mine → Feedback and we will ' +
    'answer in your feedback log, usually within one working day.',
  email: '',
  url: '',
};

export const DEFAULT_TEXTS = {
  about: {
    title: 'About us',
    content:
      'A reader for comics and novels and a player for anime, built for phones. Your library, your reading ' +
      'place and your favourites follow you from device to device once you bind a phone number or e-mail.',
  },
  agreement: {
    title: 'User agreement',
    content:
      '1. You are responsible for what you post. Comments must not contain insults, spam, advertising, ' +
      'personal data of others or illegal content.\n' +
      '2. Reported content is reviewed within 24 hours; content that breaks these rules is removed and ' +
      'repeated offenders may lose the right to comment.\n' +
      '3. We store the data needed to run your account (identifiers, reading history, favourites, ' +
      'comments and feedback) and never sell it. You can delete your account at any time under Settings.\n' +
      '4. The service is provided as is; we may change features and these terms, and will announce ' +
      'important changes in the notices.',
  },
};

export interface HelpDefaults {
  help: { id: number; title: string; content: string }[];
  notices: { id: number; title: string; content: string; addtime: number }[];
  kefu: { title: string; content: string; email: string; url: string };
  texts: Record<'about' | 'agreement', { title: string; content: string }>;
}

const EN: HelpDefaults = {
  help: DEFAULT_HELP,
  notices: DEFAULT_NOTICES,
  kefu: DEFAULT_KEFU,
  texts: DEFAULT_TEXTS,
};

/** The default texts in a reader's language. */
export function helpDefaults(locale: Locale): HelpDefaults {
  return { en: EN, es: ES, fr: FR, 'zh-CN': ZH_CN, 'zh-TW': ZH_TW }[locale];
}
