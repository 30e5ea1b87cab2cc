import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../i18n/locales/en';
import { es } from '../../i18n/locales/es';
import { zhCN } from '../../i18n/locales/zh-CN';
import { zhTW } from '../../i18n/locales/zh-TW';
import { KNOWN_SERVER_TEXTS, localizedServerText } from './localized-message';

const i18n = i18next.createInstance();
const render = (language: string) => (msg: string) =>
  localizedServerText(
    msg,
    (key, params) => i18n.getFixedT(language)(key, params),
    (key) => i18n.exists(key),
  );

/** Each known text as the server writes it, with sample numbers. */
const SAMPLES: Record<string, string> = {
  balanceShort: 'Not enough coins: 30 more needed',
  taskUnfinished: 'Task not finished yet (2/5)',
};
const sample = (key: string, pattern: RegExp) =>
  SAMPLES[key] ?? pattern.source.replace(/^\^|\$$/g, '').replace(/\\(.)/g, '$1');

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    resources: {
      en: { translation: en },
      es: { translation: es },
      'zh-CN': { translation: zhCN },
      'zh-TW': { translation: zhTW },
    },
  });
});

describe('server toasts in the reader’s language', () => {
  it('renders each known text back to the server’s exact English', () => {
    for (const known of KNOWN_SERVER_TEXTS) {
      const text = sample(known.key, known.pattern);
      expect(known.pattern.test(text), known.key).toBe(true);
      expect(render('en')(text), known.key).toBe(text);
    }
  });

  it('shows them in Chinese, with their numbers, and leaves unknown texts as written', () => {
    expect(render('zh-CN')('Wrong account or password')).toBe('账号或密码错误');
    expect(render('zh-CN')('Not enough coins: 30 more needed')).toBe('金币不足，还差 30 金币');
    expect(render('zh-TW')('Task not finished yet (2/5)')).toBe('任務尚未完成（2/5）');
    expect(render('es')('Already checked in today, come back tomorrow')).not.toMatch(/checked in/);
    expect(render('zh-CN')('An operator wrote this')).toBe('An operator wrote this');
  });
});
