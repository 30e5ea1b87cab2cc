/** Table types of the AI section: 0014-ai-base here; 0015 and 0016 in their own files. */
export interface AiFreeUsesTable {
  user_id: number;
  /** Day number in the server's task time zone (days since 1970-01-01). */
  day: number;
  used: number;
}

export interface AiBaseTables {
  ai_free_uses: AiFreeUsesTable;
}
