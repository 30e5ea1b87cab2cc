import { describe, expect, it } from 'vitest';
import { WorkType } from '@dm51/shared';
import { readerHref } from './reader-href';

const read = {
  chapter_id: 7,
  chapter_name: '',
  chapter_sort: 1,
  page_index: 12,
  position: 3456,
  percent: 40,
  readtime: 1,
  synced_from: '',
};

describe('readerHref', () => {
  it('opens a comic chapter, resuming at the saved page', () => {
    expect(readerHref(0, 3, 7, null)).toBe('/pages/cartoon/reader?column=3&chapter=7');
    expect(readerHref(0, 3, 7, read)).toBe('/pages/cartoon/reader?column=3&chapter=7&page=12');
  });

  it('opens a novel chapter, resuming at the saved position', () => {
    expect(readerHref(1, 3, 7, read)).toBe('/pages/novel/reader?column=3&chapter=7&pos=3456');
  });

  it('ignores a saved place in another chapter', () => {
    expect(readerHref(0, 3, 8, read)).toBe('/pages/cartoon/reader?column=3&chapter=8');
  });
});

describe('an episode', () => {
  it('opens in the player, which resumes by itself', () => {
    expect(readerHref(WorkType.ANIME, 7, 70, null)).toBe('/pages/anime/player?id=7&ep=70');
  });
});
