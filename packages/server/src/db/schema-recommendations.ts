/**
 * Table types of migrations 0034-recommendations.ts (item-to-item co-occurrence) and
 * 0036-reco-hidden.ts; merged into DB in schema.ts.
 */

export interface WorkSimilarTable {
  work_id: number;
  other_work_id: number;
  /** Cosine of the two works' reader sets × 1,000,000, rounded. */
  score: number;
  /** Readers who read or shelved both works. */
  together: number;
  computed_time: number;
}

/** Migration 0036-reco-hidden.ts: works a reader marked "not interested". */
export interface RecoHiddenTable {
  user_id: number;
  work_id: number;
  created_time: number;
}

export interface RecommendationTables {
  work_similar: WorkSimilarTable;
  reco_hidden: RecoHiddenTable;
}
