/**
 * How search results are ordered: the one place both searches (the database's in
 * search.repository.ts, the in-memory one in search-memory.ts) read their weights from.
 *
 * A work's relevance is the sum, per query term, of where the term is found: its titles (title,
 * alternative titles and their pinyin lines), else its people (authors, tags), else its summary.
 * A title line that starts with the whole phrase adds `titlePrefix`; one that is the phrase adds
 * `titleExact` on top. Ties go to more views, then the newer work (higher id).
 *
 * The numbers keep the tiers apart: every term in a title scores `title × terms`, so a prefix
 * (+20) beats any work that only holds the terms, and an exact title (+20 more) beats a prefix.
 */
export const SEARCH_WEIGHTS = {
  /** A term found in a title line. */
  title: 10,
  /** A term found in the authors or tags (not in a title). */
  people: 5,
  /** A term found only in the summary. */
  body: 1,
  /** A title line starts with the phrase. */
  titlePrefix: 20,
  /** A title line is the phrase (added to titlePrefix). */
  titleExact: 20,
} as const;
