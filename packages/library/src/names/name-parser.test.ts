import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../testing/corpus.js';
import { isVolumeFolder, parseName, type ParsedName } from './name-parser.js';

type Row = [input: string, expected: Partial<ParsedName>];

// The import requirements' examples first, then real-world shapes from scanlation groups, Western comics,
// Chinese/Japanese/Korean releases and anime fansubs.
const TABLE: Row[] = [
  ['Series v01 c003.cbz', { series: 'Series', volume: '1', chapter: '3', special: false }],
  ['Series - Ch. 12.5', { series: 'Series', chapter: '12.5', volume: null }],
  ['[Group] Title 第05话', { series: 'Title', chapter: '5' }],
  ['[Group] Title 第05话.mkv', { series: 'Title', episode: '5', chapter: null }],
  ['Title Vol.2 Ch.10-11', { series: 'Title', volume: '2', chapter: '10-11' }],
  ['S01E02', { series: null, volume: '1', episode: '2' }],
  ['Show Name S01E02 1080p WEB-DL x264.mkv', { series: 'Show Name', volume: '1', episode: '2' }],
  ['第2集', { episode: '2', series: null }],
  ['Title - 02 [1080p].mkv', { series: 'Title', episode: '2', chapter: null }],
  [
    '[SubsPlease] Sousou no Frieren - 26 (1080p) [A1B2C3D4].mkv',
    { series: 'Sousou no Frieren', episode: '26' },
  ],
  [
    '[Erai-raws] Spy x Family - 12v2 [720p][Multiple Subtitle].mkv',
    { series: 'Spy x Family', episode: '12' },
  ],
  ['[Nekomoe kissaten][Bocchi the Rock!][03][1080p][CHS].mp4', { series: null, episode: null }],
  ['动漫/孤独摇滚/[Nekomoe kissaten][Bocchi the Rock!][03][1080p][CHS].mp4', { series: '孤独摇滚' }],
  ['Frieren S01E05 - Phantoms of the Dead.mkv', { series: 'Frieren', volume: '1', episode: '5' }],
  ['进击的巨人 第2季 第05集.mp4', { episode: '5' }],
  ['anime/Frieren/Season 2/Frieren - 03.mkv', { series: 'Frieren', volume: '2', episode: '3' }],
  [
    'anime/Frieren/Specials/Frieren Mini Anime 01.mkv',
    { series: 'Frieren Mini Anime', episode: '1', special: true },
  ],
  ['Frieren - OVA 01.mkv', { series: 'Frieren', special: true }],
  ['Chew Script Book (2011) (digital-Empire) SP04', { special: true, chapter: null }],
  // A year in a special's name is part of its title, not chapter 2022.
  [
    'Reborn - 2022 New Years Special SP01.cbz',
    { series: 'Reborn', chapter: null, volume: null, special: true },
  ],
  ['Reborn - Extra 03.cbz', { series: 'Reborn', chapter: null, special: true }],
  ['Reborn c012 Special.cbz', { series: 'Reborn', chapter: '12', special: true }],
  ['Dance in the Vampire Bund {Special Edition} v03.5 (2019)', { volume: '3.5', special: false }],
  ['斗罗大陆 第3卷 第12章', { series: '斗罗大陆', volume: '3', chapter: '12' }],
  ['斗罗大陆 第十二章 再见', { series: '斗罗大陆', chapter: '12' }],
  ['红楼梦 第一百二十回', { series: '红楼梦', chapter: '120' }],
  ['鬼灭之刃 第205話', { series: '鬼灭之刃', chapter: '205' }],
  ['(一般コミック) [奥浩哉] いぬやしき 第09巻', { series: 'いぬやしき', volume: '9' }],
  ['ワンピース 第１０５巻', { series: 'ワンピース', volume: '105' }],
  ['【TFO汉化&Petit汉化】迷你偶像漫画卷2第25话', { volume: '2', chapter: '25' }],
  ['阿衰online 第1册', { series: '阿衰online', volume: '1' }],
  ['몰?루 아카이브 7.5권', { volume: '7.5' }],
  ['test 2 years 1화', { series: 'test 2 years', chapter: '1' }],
  ['Kebab Том 1 Глава 3', { series: 'Kebab', volume: '1', chapter: '3' }],
  ['Max Level Returner เล่มที่ 5', { series: 'Max Level Returner', volume: '5' }],
  ['Captain Science #001 (1950) The Beginning', { series: 'Captain Science', chapter: '1' }],
  ['Amazing Man Comics issue #25', { series: 'Amazing Man Comics', chapter: '25' }],
  ['Saga 001 (2012) (Digital) (Empire-Zone).cbr', { series: 'Saga', chapter: '1', volume: null }],
  ['Kaiju No. 8 036 (2021) (Digital)', { series: 'Kaiju No. 8', chapter: '36' }],
  [
    'Mob Psycho 100 v02 (2019) (Digital) (Shizu).cbz',
    { series: 'Mob Psycho 100', volume: '2', chapter: null },
  ],
  ['Daredevil - v6 - 10 - (2019)', { series: 'Daredevil', volume: '6', chapter: '10' }],
  ['Tower Of God S01 014 (CBT) (digital).cbz', { series: 'Tower Of God', volume: '1', chapter: '14' }],
  ['Beelzebub_153b_RHS.zip', { series: 'Beelzebub', chapter: '153.5' }],
  ['Historys Strongest Disciple Kenichi c01-c04', { chapter: '1-4' }],
  ['vol_356-1', { volume: '356' }],
  ['Vagabond_v03', { series: 'Vagabond', volume: '3' }],
  ['Tonikaku Cawaii [Volume 11].cbz', { series: 'Tonikaku Cawaii', volume: '11' }],
  ['To Love Ru v09 Uncensored (Ch.071-079).cbz', { series: 'To Love Ru', volume: '9', chapter: '71-79' }],
  [
    'Okusama wa Shougakusei c003 (v01) [bokuwaNEET]',
    { series: 'Okusama wa Shougakusei', volume: '1', chapter: '3' },
  ],
  ['04 - Asterix the Gladiator (1964)', { series: 'Asterix the Gladiator', chapter: null, special: null }],
  ['comics/One Piece/Vol 2/Chapter 13.cbz', { series: 'One Piece', volume: '2', chapter: '13' }],
  ['comics/One Piece/v001.cbz', { series: 'One Piece', volume: '1' }],
  ['novels/三体/三体 第2部.txt', { series: '三体', volume: '2' }],
  ['C:\\Library\\comics\\Saga\\Saga 054.cbz', { series: 'Saga', chapter: '54' }],
  [
    'Batman & Daredevil - King of New York',
    { series: 'Batman & Daredevil - King of New York', chapter: null, special: null },
  ],
];

describe('parseName table', () => {
  it.each(TABLE)('%s', (input, expected) => {
    expect(parseName(input)).toMatchObject(expected);
  });

  it('returns every field, null when absent', () => {
    expect(parseName('Just A Title')).toEqual({
      series: 'Just A Title',
      volume: null,
      chapter: null,
      episode: null,
      special: null,
    });
  });
});

describe('isVolumeFolder', () => {
  it.each([
    ['Vol 1', true],
    ['Volume 02', true],
    ['v03', true],
    ['第2卷', true],
    ['Season 1', true],
    ['S01', true],
    ['Specials', true],
    ['Book 3', true],
    ['Spider-Man', false],
    ['Saga v01 (2012)', false],
    ['Marvel', false],
    ['Chapter 1', false],
    ['2022', false],
  ])('%s → %s', (name, expected) => {
    expect(isVolumeFolder(name)).toBe(expected);
  });
});

interface Case {
  kind: string;
  input: string;
  expected: string;
  library_type: string | null;
}

/**
 * Kavita's own parser tests. Their semantics are Kavita's, so we assert an agreement floor
 * (measured 216/218) rather than every case. The two intentional divergences:
 * - Kavita's Book library keeps numbers in the title ("BBC Focus 00 The Science..."); we read
 *   "00" as the chapter, as for any other name (the parser does not know the library type).
 * - Kavita's Manga volume test reads Korean 화 as a volume ("106화" → volume 106); 화 means
 *   episode/chapter, so for us it is a chapter marker, as 话/話.
 */
describe('parseName against the Kavita cases in the corpus', () => {
  const cases = (JSON.parse(readFileSync(corpusPath('filename-cases.json'), 'utf8')) as Case[]).filter((c) =>
    ['series', 'volume', 'chapter'].includes(c.kind),
  );

  it('reads every is-special case Kavita marks with SP as a special without a chapter number', () => {
    const specials = (JSON.parse(readFileSync(corpusPath('filename-cases.json'), 'utf8')) as Case[]).filter(
      (c) => c.kind === 'is-special' && String(c.expected) === 'true',
    );
    expect(specials.length).toBeGreaterThan(0);
    for (const c of specials) {
      expect(parseName(c.input), c.input).toMatchObject({ special: true, chapter: null });
    }
  });

  it('has the cases', () => {
    expect(cases.length).toBeGreaterThan(200);
  });

  it('agrees on at least 98% of series, volume and chapter cases', () => {
    const mismatches: string[] = [];
    for (const c of cases) {
      const parsed = parseName(c.input);
      const got =
        c.kind === 'series' ? (parsed.series ?? '') : c.kind === 'volume' ? parsed.volume : parsed.chapter;
      const expected = c.expected === '-100000' ? null : c.expected === '100000' ? 'special' : c.expected;
      const actual = expected === 'special' && parsed.special ? 'special' : got;
      if (actual !== expected)
        mismatches.push(`${c.kind} ${JSON.stringify(c.input)}: got ${actual} want ${expected}`);
    }
    const agreement = 1 - mismatches.length / cases.length;
    console.log(`name parser: ${cases.length - mismatches.length}/${cases.length} Kavita cases agree`);
    for (const m of mismatches) console.log(`  mismatch ${m}`);
    expect(agreement).toBeGreaterThanOrEqual(0.98);
  });
});
