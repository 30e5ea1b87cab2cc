import { describe, expect, it } from 'vitest';
import { rankBoards } from './rank-boards';

describe('ranking boards to fall back to', () => {
  it('tries the longer periods of the measure, then the other measures of all time', () => {
    expect(rankBoards('views', 'week')).toEqual([
      { by: 'views', period: 'week' },
      { by: 'views', period: 'month' },
      { by: 'views', period: 'all' },
      { by: 'favorites', period: 'all' },
      { by: 'score', period: 'all' },
    ]);
  });

  it('starts with the chosen board, and from all time goes to the other measures only', () => {
    expect(rankBoards('score', 'all')).toEqual([
      { by: 'score', period: 'all' },
      { by: 'views', period: 'all' },
      { by: 'favorites', period: 'all' },
    ]);
    expect(rankBoards('favorites', 'day')[0]).toEqual({ by: 'favorites', period: 'day' });
  });
});
