import { describe, expect, it } from 'vitest';
import { COVER_TONES, coverTone, titleSize } from './cover-tone';

const TITLES = [
  '剑来风雪',
  'The Quiet Lighthouse',
  '长街旧梦',
  '星海旅人',
  'Mecha Dawn',
  '雨夜咖啡馆',
  'A',
  '',
];

describe('coverTone', () => {
  it('gives the same title the same colours every time', () => {
    expect(coverTone(['剑来', '风雪'].join(''))).toBe(coverTone('剑来风雪'));
    expect(coverTone('The Quiet ' + 'Lighthouse')).toBe(coverTone('The Quiet Lighthouse'));
  });

  it('stays within the palette', () => {
    for (const title of TITLES) {
      const tone = coverTone(title);
      expect(Number.isInteger(tone)).toBe(true);
      expect(tone).toBeGreaterThanOrEqual(0);
      expect(tone).toBeLessThan(COVER_TONES);
    }
  });

  it('spreads a shelf of titles over several colours', () => {
    expect(new Set(TITLES.map(coverTone)).size).toBeGreaterThanOrEqual(3);
  });
});

describe('titleSize', () => {
  it('sets short titles large and long ones smaller, counting a CJK character as two letters', () => {
    expect(titleSize('剑来风雪')).toBe('large');
    expect(titleSize('Mecha Dawn')).toBe('large');
    expect(titleSize('长街旧梦之一个很长的书名')).toBe('medium');
    expect(titleSize('The Quiet Lighthouse')).toBe('medium');
    expect(titleSize('The Unremembered Lighthouse Keepers of Northhaven')).toBe('small');
    expect(titleSize('长街旧梦之一个很长很长的中文书名会换行')).toBe('small');
  });
});
