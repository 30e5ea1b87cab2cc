import { describe, expect, it } from 'vitest';
import { genreLabel } from './genre-label';

describe('genreLabel', () => {
  it('shows a known genre in the reader’s language, whichever name the library stored', () => {
    expect(genreLabel('热血', 'en')).toBe('Action');
    expect(genreLabel('热血', 'zh-TW')).toBe('熱血');
    expect(genreLabel('Slice of Life', 'zh-CN')).toBe('日常');
    expect(genreLabel('sci-fi', 'fr')).toBe('Science-fiction');
    expect(genreLabel('冒险', 'es')).toBe('Aventura');
  });

  it('keeps an unknown name as stored, and falls back to English for an unknown locale', () => {
    expect(genreLabel('赛博朋克修仙', 'en')).toBe('赛博朋克修仙');
    expect(genreLabel('恐怖', 'de')).toBe('Horror');
  });
});
