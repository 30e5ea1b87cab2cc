import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../i18n/locales/en';
import { fr } from '../i18n/locales/fr';
import { zhCN } from '../i18n/locales/zh-CN';
import { displayName } from './display-name';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    interpolation: { escapeValue: false },
    resources: { en: { translation: en }, fr: { translation: fr }, 'zh-CN': { translation: zhCN } },
  });
});

describe('nicknames in the reader’s language', () => {
  it('shows generated names in the language, and chosen names as written', () => {
    expect(displayName('游客A3K9ZP', i18n.getFixedT('en'))).toBe('Visitor A3K9ZP');
    expect(displayName('用户A3K9ZP', i18n.getFixedT('fr'))).toBe('Lecteur A3K9ZP');
    expect(displayName('用户A3K9ZP', i18n.getFixedT('zh-CN'))).toBe('用户A3K9ZP');
    expect(displayName('游客小王', i18n.getFixedT('en'))).toBe('游客小王');
    expect(displayName('Mika Stone', i18n.getFixedT('fr'))).toBe('Mika Stone');
  });
});
