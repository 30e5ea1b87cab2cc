import { describe, expect, it } from 'vitest';
import { katakanaToHiragana, romajiLines } from './search-kana.js';

describe('katakanaToHiragana', () => {
  it('writes katakana as hiragana and leaves the rest', () => {
    expect(katakanaToHiragana('メロス')).toBe('めろす');
    expect(katakanaToHiragana('走れメロス')).toBe('走れめろす');
    expect(katakanaToHiragana('ヴァイオレット')).toBe('ゔぁいおれっと');
    expect(katakanaToHiragana('コーヒー abc')).toBe('こーひー abc');
  });
});

describe('romajiLines', () => {
  it('reads kana as Hepburn romaji, spaced and joined at word breaks', () => {
    expect(romajiLines('しんげき の きょじん')).toEqual(['shingeki no kyojin', 'shingekinokyojin']);
    expect(romajiLines('きめつのやいば')).toEqual(['kimetsunoyaiba']);
    expect(romajiLines('ぼっちゃん')).toEqual(['botchan']);
  });

  it('writes long vowels both as typed on a keyboard and shortened', () => {
    expect(romajiLines('とうきょう')).toEqual(['toukyou', 'tokyo']);
    expect(romajiLines('ゆうき')).toEqual(['yuuki', 'yuki']);
    expect(romajiLines('コーヒー')).toEqual(['koohii', 'kohi']);
    expect(romajiLines('ちぇんそーまん')).toEqual(['chensooman', 'chensoman']);
  });

  it('stops at kanji, whose reading is unknown, and keeps Latin words', () => {
    expect(romajiLines('走れメロス')).toEqual(['remerosu']);
    expect(romajiLines('ドラゴンボールz')).toEqual([
      'doragonbooru z',
      'doragonbooruz',
      'doragonboru z',
      'doragonboruz',
    ]);
    expect(romajiLines('しんいち')).toEqual(['shinichi']);
  });

  it('gives nothing for a line without kana or with a lone particle between kanji', () => {
    expect(romajiLines('銀河鉄道の夜')).toEqual([]);
    expect(romajiLines('人間失格')).toEqual([]);
    expect(romajiLines('treasure island')).toEqual([]);
  });
});
