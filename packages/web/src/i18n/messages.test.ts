import i18next from 'i18next';
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

    // The spec's Chinese strings are the zh-CN texts; every other locale shows its own words
    // (one language per screen). The product name is the same everywhere.
    it(`${locale} shows the spec's fixed strings in its own words`, () => {
      expect(translation.app.name).toBe('51动漫');
      const fixed = [
        translation.guestPrompt.title,
        translation.guestPrompt.cancel,
        translation.guestPrompt.bind,
        translation.card.finished,
        translation.card.serialising,
        translation.card.latest,
        translation.catalogue.typeComic,
        translation.accounts.captchaTitle,
        translation.accounts.captchaWrong,
      ];
      if (locale === 'zh-CN') {
        expect(translation.guestPrompt).toMatchObject({ title: '提示', cancel: '取消', bind: '前往绑定' });
        expect(translation.card).toMatchObject({
          score: '{{score}}分',
          finished: '完结',
          serialising: '连载',
        });
        expect(translation.accounts).toMatchObject({ captchaTitle: '安全认证', captchaWrong: '验证码错误!' });
      } else if (locale === 'zh-TW') {
        // Traditional characters, not the simplified ones of the spec.
        for (const text of fixed) expect(text).not.toMatch(/[绑连结认证码错画说动]/);
      } else {
        for (const text of fixed) expect(text).not.toMatch(/[\u4e00-\u9fff]/);
        expect(translation.card.score).not.toContain('分');
      }
    });
  }
});

describe('plural forms', () => {
  it('has the plural text beside every singular one', () => {
    for (const key of englishKeys.filter((k) => k.endsWith('_one')))
      expect(englishKeys, key).toContain(key.replace(/_one$/, ''));
  });

  it('says "1 read" and "2 reads", and follows each language\'s rules', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: RESOURCES, lng: 'en', interpolation: { escapeValue: false } });
    const reads = (lng: string, count: number) =>
      i18n.t('catalogue.rankViews', { lng, count, n: String(count) });
    expect(reads('en', 1)).toBe('1 read');
    expect(reads('en', 2)).toBe('2 reads');
    expect(reads('en', 0)).toBe('0 reads');
    // French counts 0 and 1 as singular; Spanish only 1; Chinese has one form.
    expect(reads('fr', 0)).toBe('0 lecture');
    expect(reads('es', 0)).toBe('0 lecturas');
    expect(reads('zh-CN', 1)).toBe('1 阅读');
    expect(i18n.t('community.expand', { lng: 'en', count: 1 })).toBe('Expand 1 reply');
    expect(i18n.t('shelf.daysAgo', { lng: 'en', count: 3 })).toBe('3 days ago');
  });
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
