import { describe, expect, it } from 'vitest';
import { cardFields, detailHref, formatScore, type MixedItem } from './card-fields';

const item = (overrides: Partial<MixedItem> = {}): MixedItem => ({
  type: 0,
  relate_id: 42,
  pic: '/media/a.jpg',
  score: 8.7,
  isend: 0,
  pay: 0,
  name: '山海',
  latest_chapter_name: '第12话',
  ...overrides,
});

describe('mixed list card fields (spec §2)', () => {
  it('maps a serialising free comic', () => {
    expect(cardFields(item())).toEqual({
      score: '8.7',
      statusKey: 'card.serialising',
      finished: false,
      vip: false,
      typeKey: 'catalogue.typeComic',
      latest: '第12话',
      href: '/pages/cartoon/details?column=42',
    });
  });

  it('shows no latest chapter for a finished work, and the VIP mark only for pay 2', () => {
    const fields = cardFields(item({ isend: 1, pay: 2 }));
    expect(fields.statusKey).toBe('card.finished');
    expect(fields.latest).toBeNull();
    expect(fields.vip).toBe(true);
    expect(cardFields(item({ pay: 1 })).vip).toBe(false);
  });

  it('hides an empty latest chapter name', () => {
    expect(cardFields(item({ latest_chapter_name: '  ' })).latest).toBeNull();
  });

  it('labels types 漫画 / 小说 / 动漫 / 未知', () => {
    expect(cardFields(item({ type: 1 })).typeKey).toBe('catalogue.typeNovel');
    expect(cardFields(item({ type: 2 })).typeKey).toBe('catalogue.typeAnime');
    expect(cardFields(item({ type: 7 })).typeKey).toBe('catalogue.typeUnknown');
  });

  it('links by type: comic details, novel cover, anime details, unknown as novel', () => {
    expect(detailHref(0, 5)).toBe('/pages/cartoon/details?column=5');
    expect(detailHref(1, 5)).toBe('/pages/novel/cover?column=5');
    expect(detailHref(2, 5)).toBe('/pages/anime/details?id=5');
    expect(detailHref(9, 5)).toBe('/pages/novel/cover?column=5');
  });

  it('shows no score for an unrated work', () => {
    expect(cardFields(item({ score: 0 })).score).toBeNull();
    expect(cardFields(item({ score: 0.04 })).score).toBe('0.0');
  });

  it('formats scores with one decimal', () => {
    expect(formatScore(9)).toBe('9.0');
    expect(formatScore(8.65)).toBe('8.7');
    expect(formatScore(0)).toBe('0.0');
    expect(formatScore(Number.NaN)).toBe('0.0');
  });
});
