import { describe, expect, it } from 'vitest';
import { foldText, mixedTermForms, pinyinLines, withPinyin } from './search-forms.js';

describe('foldText', () => {
  it('folds traditional Chinese to simplified, so either script finds the other', () => {
    expect(foldText('紅樓夢')).toBe('红楼梦');
    expect(foldText('進擊的巨人')).toBe('进击的巨人');
    expect(foldText('红楼梦')).toBe('红楼梦');
  });

  it('lowercases, widens nothing (NFKC) and drops Latin tone marks', () => {
    expect(foldText('ＯＮＥ Piece')).toBe('one piece');
    expect(foldText('hǎi zéi wáng')).toBe('hai zei wang');
    expect(foldText('Lǜ')).toBe('lu');
    expect(foldText('Café')).toBe('cafe');
  });

  it('folds katakana to hiragana and keeps voicing marks and the long-vowel mark', () => {
    expect(foldText('ジョバンニ')).toBe('じょばんに');
    expect(foldText('ｼﾞｮﾊﾞﾝﾆ')).toBe('じょばんに');
    expect(foldText('が')).toBe('が');
    expect(foldText('チェンソーマン')).toBe('ちぇんそーまん');
  });
});

describe('pinyinLines', () => {
  it('gives the syllables joined and spaced, and the initials', () => {
    expect(pinyinLines('海贼王')).toEqual(['haizeiwang', 'hai zei wang', 'hzw']);
  });

  it('adds the other readings of polyphonic characters', () => {
    const lines = pinyinLines('水浒传');
    expect(lines).toContain('shuihuzhuan');
    expect(lines).toContain('shuihuchuan');
    expect(lines).toContain('shz');
  });

  it('writes ü both as v and as u', () => {
    const lines = pinyinLines('女侠');
    expect(lines).toContain('nvxia');
    expect(lines).toContain('nuxia');
  });

  it('keeps Latin runs, splits on other characters and gives nothing without Han characters', () => {
    expect(pinyinLines('jojo的冒险')).toContain('jojodemaoxian');
    expect(pinyinLines('进撃の巨人')[0]).toBe('jinji juren');
    expect(pinyinLines('treasure island')).toEqual([]);
    expect(pinyinLines('こころ')).toEqual([]);
  });
});

it('withPinyin folds every line once and appends the pinyin of those asked for', () => {
  const lines = withPinyin(['紅樓夢', 'Dream', '红楼梦']).split('\n');
  expect(lines.slice(0, 5)).toEqual(['红楼梦', 'dream', 'hongloumeng', 'hong lou meng', 'hlm']);
  expect(new Set(lines).size).toBe(lines.length);
  expect(withPinyin(['鲁迅', '短篇'], (line) => line === '鲁迅')).not.toContain('duanpian');
});

it('withPinyin gives a kana line its romaji lines', () => {
  const lines = withPinyin(['シンゲキ・ノ・キョジン']).split('\n');
  expect(lines[0]).toBe('しんげき・の・きょじん');
  expect(lines).toContain('shingeki no kyojin');
  expect(lines).toContain('shingekinokyojin');
});

it('mixedTermForms reads the Han characters of a mixed term as pinyin, then as initials', () => {
  expect(mixedTermForms('海zw')).toEqual(['haizw', 'hzw']);
  expect(mixedTermForms('海贼wang')).toEqual(['haizeiwang', 'hzwang']);
  expect(mixedTermForms('海贼')).toEqual([]);
  expect(mixedTermForms('wang')).toEqual([]);
});
