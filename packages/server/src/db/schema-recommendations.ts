/** Table types of migration 0034-recommendations.ts (item-to-item co-occurrence); merged into DB in schema.ts. */

export interface WorkSimilarTable {
  work_id: number;
  other_work_id: number;
  /** Cosine of the two works' reader sets × 1,000,000, rounded. */
  score: number;
  /** Readers who read or shelved both works. */
  together: number;
  computed_time: number;
}

export interface RecommendationTables {
  work_similar: WorkSimilarTable;
}
