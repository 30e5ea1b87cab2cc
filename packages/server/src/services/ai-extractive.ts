/**
 * The reading helpers' answer when no model writes one: sentences quoted word for word from the
 * chapters, each with the chapter it comes from. It is marked extractive so the app shows it as
 * quotations ("From the text"), never as a summary someone wrote.
 */
import { extractiveSummary, sentences } from './ai-text.js';

export interface Passage {
  /** The chapter's title (or the work's, for its summary). */
  chapter: string;
  text: string;
}

/**
 * Picks about `count` sentences, at least one per chapter that has text, most recent chapters
 * kept when there are more chapters than sentences wanted. A chapter whose only "text" is its title
 * (a comic's) has nothing to quote: quoting "Chapter 1." is what made the old answers nonsense.
 */
export function extractivePassages(chapters: { title: string; text: string }[], count: number): Passage[] {
  const withText = chapters.filter(
    (chapter) => chapter.text.trim() && chapter.text.trim() !== chapter.title.trim(),
  );
  const per = Math.max(1, Math.floor(count / Math.max(1, withText.length)));
  const passages = withText.flatMap((chapter) =>
    extractiveSummary(
      sentences(chapter.text).map((text) => ({ text, chapter: chapter.title })),
      per,
    ),
  );
  return passages.slice(-Math.max(count, withText.length));
}

/** The plain-text form for API clients: one quoted passage a line, with its chapter. */
export function passagesText(passages: Passage[]): string {
  // Always in quote marks: a sentence that opens with someone's words is still quoted whole.
  return passages.map((passage) => `“${passage.text}” (${passage.chapter})`).join('\n');
}
