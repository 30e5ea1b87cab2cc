/**
 * The texts of a work's search document (search.repository.ts stores them; search-memory.ts
 * searches them): its titles with their pinyin and romaji lines, its people (authors, then tags)
 * likewise, and its summary, all folded (search-forms.ts). The body holds the three, a line apart.
 */
import { foldText, withPinyin } from './search-forms.js';

/** Tags of a work given pinyin and romaji lines (each adds up to a dozen short lines). */
const TAGS_READ_MAX = 12;

export interface DocumentSource {
  title: string;
  altTitles: string[];
  authors: string[];
  tags: string[];
  summary: string;
}

export interface DocumentTexts {
  title_text: string;
  people_text: string;
  summary_text: string;
  body: string;
}

export function documentTexts(source: DocumentSource): DocumentTexts {
  const titleText = withPinyin([source.title, ...source.altTitles]);
  // Authors and the first tags get readings (pinyin, romaji); a work tagged by the dozen keeps its
  // other tags as written, so that its document stays small.
  const read = new Set(
    [...source.authors, ...source.tags.slice(0, TAGS_READ_MAX)].map((name) => foldText(name)),
  );
  const peopleText = withPinyin([...source.authors, ...source.tags], (line) => read.has(line));
  const summaryText = foldText(source.summary);
  return {
    title_text: titleText,
    people_text: peopleText,
    summary_text: summaryText,
    body: `${titleText}\n${peopleText}\n${summaryText}`,
  };
}
