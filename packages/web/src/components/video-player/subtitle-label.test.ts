import { describe, expect, it } from 'vitest';
import { subtitleLabel } from './subtitle-label';

const numbered = (n: number) => `字幕 ${n}`;

describe('subtitle track names', () => {
  it('names a language code in the reader’s language and numbers unnamed tracks', () => {
    expect(subtitleLabel({ label: 'zh', language: 'zh' }, 'zh-CN', numbered)).toBe('中文');
    expect(subtitleLabel({ label: 'en', language: 'en' }, 'fr', numbered)).toBe('anglais');
    expect(subtitleLabel({ label: 'ja', language: 'ja' }, 'en', numbered)).toBe('Japanese');
    expect(subtitleLabel({ label: 'Subtitles 2', language: 'und' }, 'zh-CN', numbered)).toBe('字幕 2');
    expect(subtitleLabel({ label: 'Director’s commentary', language: 'en' }, 'zh-CN', numbered)).toBe(
      'Director’s commentary',
    );
  });
});
