import { describe, expect, it } from 'vitest';
import { loadRecommendationConfig } from './recommendation-config.js';

describe('RECOMMENDATIONS_INTERVAL_S', () => {
  it('defaults to an hour, takes whole seconds (0: never) and refuses anything else by name', () => {
    expect(loadRecommendationConfig({})).toEqual({ intervalS: 3600 });
    expect(loadRecommendationConfig({ RECOMMENDATIONS_INTERVAL_S: '2' })).toEqual({ intervalS: 2 });
    expect(loadRecommendationConfig({ RECOMMENDATIONS_INTERVAL_S: '0' })).toEqual({ intervalS: 0 });
    for (const bad of ['-1', '1.5', 'hourly', '604801'])
      expect(() => loadRecommendationConfig({ RECOMMENDATIONS_INTERVAL_S: bad })).toThrow(
        /RECOMMENDATIONS_INTERVAL_S/,
      );
  });
});
