import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LibraryError } from '../errors.js';
import { corpusPath } from '../testing/corpus.js';
import { parseComicInfo } from './comicinfo.js';

const sample = (name: string) =>
  parseComicInfo(readFileSync(corpusPath(`comicinfo/samples/comicbox/${name}`)));

describe('parseComicInfo', () => {
  it('reads Kavita BTOOOM! with elements out of schema order', () => {
    const info = parseComicInfo(readFileSync(corpusPath('comics/kavita/ComicInfos/ComicInfo.xml')));
    expect(info).toMatchObject({
      series: 'BTOOOM!',
      title: 'v01',
      publisher: 'Yen Press',
      pageCount: 194,
      languageIso: 'en',
      genres: ['Manga', 'Movies & TV'],
    });
    expect(info.summary).toMatch(/^By all counts, Ryouta Sakamoto/);
  });

  it('reads the comicbox sample fully', () => {
    const info = sample('comicinfo.xml');
    expect(info).toMatchObject({
      title: 'The Beginning; The End',
      series: 'Captain Science',
      number: '1',
      volume: '1950',
      count: 7,
      year: 1950,
      month: 11,
      day: 1,
      writers: ['Joe Orlando'],
      pencillers: ['Wally Wood'],
      inkers: ['Wally Wood'],
      genres: ['Science Fiction'],
      characters: ['Captain Science', 'Gordon Dane'],
      ageRating: 'Teen',
      gtin: 'urn:comicvine:issue:145269',
      manga: null,
      rightToLeft: false,
    });
    expect(info.pages).toHaveLength(5);
    expect(info.pages[0]).toMatchObject({ image: 0, type: 'FrontCover', imageSize: 4542 });
  });

  it('keeps the first of repeated elements', () => {
    const info = sample('comicinfo-bad-multiple.xml');
    expect(info.publisher).toBe('Youthful Adventure Stories');
    expect(info.genres).toEqual(['Science Fiction', 'Fantasy']);
    expect(info.count).toBe(7);
  });

  it('drops invalid values instead of guessing', () => {
    const info = sample('comicinfo-validation.xml');
    expect(info.languageIso).toBeNull(); // "English" is not an ISO code
    expect(info.title).toBeNull(); // <Title/>
    expect(info.pages).toHaveLength(36);
    expect(info.pages[1]?.type).toBeNull(); // Type="FOO"
    expect(info.pages[4]?.imageSize).toBeNull(); // "boochalla"
    expect(info.pages[26]?.imageSize).toBeNull();
    expect(info.pageCount).toBe(36);
  });

  it('reads manga right-to-left, tags and roles', () => {
    const info = parseComicInfo(`<?xml version="1.0"?><ComicInfo><Manga>YesAndRightToLeft</Manga>
      <Tags>isekai, comedy</Tags><Writer>A, B</Writer><Penciller>C</Penciller><LanguageISO>zh-Hans</LanguageISO>
      <Summary>1 &lt; 2 &amp; ok</Summary><Year>abc</Year><CommunityRating>9</CommunityRating></ComicInfo>`);
    expect(info).toMatchObject({
      manga: 'YesAndRightToLeft',
      rightToLeft: true,
      tags: ['isekai', 'comedy'],
      writers: ['A', 'B'],
      pencillers: ['C'],
      languageIso: 'zh-Hans',
      summary: '1 < 2 & ok',
      year: null,
      communityRating: null,
    });
  });

  it('reads UTF-16 ComicInfo with a BOM', () => {
    const xml = '<?xml version="1.0" encoding="utf-16"?><ComicInfo><Series>進撃の巨人</Series></ComicInfo>';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    expect(parseComicInfo(bytes).series).toBe('進撃の巨人');
  });

  it('refuses XML that is not ComicInfo', () => {
    expect(() => sample('captain-science-001_CoMet.xml')).toThrow(LibraryError);
    expect(() => parseComicInfo('<ComicInfo><Series>x</Ser')).toThrow(/invalid ComicInfo.xml/);
  });
});
