import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/locales/en';
import { es } from '../../i18n/locales/es';
import { fr } from '../../i18n/locales/fr';
import { zhCN } from '../../i18n/locales/zh-CN';
import { zhTW } from '../../i18n/locales/zh-TW';
import { syncedText } from './synced-text';

async function translator() {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: {
      en: { translation: en },
      es: { translation: es },
      fr: { translation: fr },
      'zh-CN': { translation: zhCN },
      'zh-TW': { translation: zhTW },
    },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
  return (lng: string, place: number, favorite = 0, like = 0) =>
    syncedText({ place, favorite, like }, i18n.getFixedT(lng), lng);
}

describe('the sync notice', () => {
  it('says what reached the server, in the reader’s language', async () => {
    const text = await translator();
    expect(text('en', 3)).toBe('Synced 3 reading places');
    expect(text('en', 1)).toBe('Synced 1 reading place');
    expect(text('en', 2, 1, 4)).toBe('Synced 2 reading places, 1 favourite, and 4 likes');
    expect(text('en', 0, 0, 1)).toBe('Synced 1 like');
    expect(text('fr', 3)).toBe('Synchronisé : 3 positions de lecture');
    expect(text('es', 1, 2)).toBe('Sincronizado: 1 posición de lectura y 2 favoritos');
    expect(text('zh-CN', 3)).toBe('已同步 3 个阅读进度');
    expect(text('zh-TW', 2, 0, 1)).toContain('2 個閱讀進度');
  });

  it('says nothing when nothing was sent', async () => {
    expect((await translator())('en', 0)).toBe('');
  });
});
