import { describe, expect, it } from 'vitest';
import { nextLabelKey } from './next-label';

describe('next chapter label', () => {
  it('names VIP for a locked VIP chapter and coins for a locked coin chapter', () => {
    expect(nextLabelKey('reader.nextChapter', true, { pay: 2 })).toBe('reader.nextChapterVip');
    expect(nextLabelKey('reader.nextChapter', true, { pay: 1 })).toBe('reader.nextChapterCoins');
    expect(nextLabelKey('anime.nextEpisode', true, { pay: 1 })).toBe('anime.nextEpisodeCoins');
    expect(nextLabelKey('anime.nextEpisode', true, { pay: 2 })).toBe('anime.nextEpisodeVip');
  });

  it('is the plain label for an open next chapter, or while the list is not known', () => {
    expect(nextLabelKey('reader.nextChapter', false, { pay: 2 })).toBe('reader.nextChapter');
    expect(nextLabelKey('anime.nextEpisode', true, undefined)).toBe('anime.nextEpisode');
  });
});
