import { describe, expect, it } from 'vitest';
import { requestLocale } from './request-locale.js';

describe('the language of a request', () => {
  it('takes the first language the app speaks, by weight', () => {
    expect(requestLocale('zh-CN')).toBe('zh-CN');
    expect(requestLocale('zh-TW,zh;q=0.9')).toBe('zh-TW');
    expect(requestLocale('zh-Hant-HK')).toBe('zh-TW');
    expect(requestLocale('zh')).toBe('zh-CN');
    expect(requestLocale('de-DE,fr;q=0.8,en;q=0.9')).toBe('en');
    expect(requestLocale('de-DE,fr;q=0.8')).toBe('fr');
    expect(requestLocale('es-419')).toBe('es');
    expect(requestLocale(undefined)).toBe('en');
    expect(requestLocale('fr;q=0, es')).toBe('es');
  });
});
