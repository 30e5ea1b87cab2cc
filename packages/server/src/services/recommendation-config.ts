/**
 * RECOMMENDATIONS_INTERVAL_S (default 3600; 0 = never): seconds between runs of the co-occurrence
 * job behind "for you" and "readers of this also read". The first run is at start. Unset in server
 * unit tests (no config): the job only runs when a test calls it.
 */
export interface RecommendationConfig {
  intervalS: number;
}

export const DEFAULT_RECOMMENDATION_CONFIG: RecommendationConfig = { intervalS: 3600 };

export function loadRecommendationConfig(env: NodeJS.ProcessEnv): RecommendationConfig {
  const raw = env['RECOMMENDATIONS_INTERVAL_S']?.trim();
  if (!raw) return DEFAULT_RECOMMENDATION_CONFIG;
  const intervalS = Number(raw);
  if (!Number.isInteger(intervalS) || intervalS < 0 || intervalS > 7 * 86_400)
    throw new Error(
      `RECOMMENDATIONS_INTERVAL_S must be a whole number of seconds from 0 to 604800, got "${raw}"`,
    );
  return { intervalS };
}
