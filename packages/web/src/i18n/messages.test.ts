import { describe, expect, it } from 'vitest';
import { localeFromNavigator, matchLocale } from './locale';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { zhCN } from './locales/zh-CN';
import { zhTW } from './locales/zh-TW';
import { flattenKeys } from './messages';

function lookup(messages: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
}

const englishKeys = flattenKeys(en).sort();
const RESOURCES = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
  'zh-CN': { translation: zhCN },
  'zh-TW': { translation: zhTW },
};

describe('translations', () => {
  for (const [locale, { translation }] of Object.entries(RESOURCES)) {
    it(`${locale} has exactly the English keys, none empty`, () => {
      expect(flattenKeys(translation).sort()).toEqual(englishKeys);
      for (const key of englishKeys)
        expect(String(lookup(translation, key)).trim(), `${locale}:${key}`).not.toBe('');
    });

    it(`${locale} keeps the interpolation placeholders`, () => {
      for (const key of englishKeys) {
        const placeholders = (text: unknown) => (String(text).match(/{{\w+}}/g) ?? []).sort();
        expect(placeholders(lookup(translation, key)), `${locale}:${key}`).toEqual(
          placeholders(lookup(en, key)),
        );
      }
    });

    it(`${locale} keeps the Chinese strings the spec fixes`, () => {
      expect(translation.guestPrompt).toMatchObject({ title: '提示', cancel: '取消', bind: '前往绑定' });
      expect(translation.card).toMatchObject({ finished: '完结', serialising: '连载', latest: '最新' });
      expect(translation.app.name).toBe('51动漫');
    });
  }
});

describe('locale matching', () => {
  it('maps browser language tags to supported locales', () => {
    expect(matchLocale('fr-CA')).toBe('fr');
    expect(matchLocale('es')).toBe('es');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLocale('zh-HK')).toBe('zh-TW');
    expect(matchLocale('zh-Hant')).toBe('zh-TW');
    expect(matchLocale('de-DE')).toBe('en');
    expect(matchLocale(undefined)).toBe('en');
  });

  it('takes the first supported language of the list', () => {
    expect(localeFromNavigator(['de-DE', 'fr-FR', 'en'])).toBe('fr');
    expect(localeFromNavigator(['ja', 'ko'])).toBe('en');
    expect(localeFromNavigator([])).toBe('en');
  });
});
