/**
 * "Who is" without a model: the sentences of the chapters read so far that mention a name, picked
 * so that they say who it is: its first appearances (how the story introduces it), then the
 * sentences where the name is followed by a description or a verb of being ("Mira, a young
 * thief", "Tom was", "林风是", "Mira es"). Pure functions, tested without a database.
 */
import type { Passage } from './ai-extractive.js';
import { isCjk, sentences } from './ai-text.js';

/** First appearances kept, and sentences in all. */
const FIRST_MENTIONS = 2;
const PASSAGES = 5;

/**
 * What, right after a name, says what it is. Latin-script: an apposition (", a/the/un/une/el/la…")
 * or a verb of being or having in English, Spanish or French. Chinese: 是/乃/为/本是/原是/身为,
 * or a comma followed by a description (，一个/，一位/，……的).
 */
const LATIN_DESCRIBES =
  /^\s*(?:,\s*(?:a|an|the|un|una|une|el|la|le|les|los|las)\s|\s+(?:is|was|were|are|had|has|became|seemed|looked|es|era|fue|estaba|tenía|est|était|fut|avait|semblait|the)\s)/iu;
const CJK_DESCRIBES =
  /^(?:是|乃|为|本是|原是|乃是|身为|作为|，一个|，一位|，一名|，是|，乃|，[^，。！？]{1,12}的)/u;

/** Finds `name` in `text` as a whole word (Latin) or as a run of characters (CJK). */
function matcher(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (isCjk(name)) return new RegExp(escaped, 'gu');
  // A name typed in lower case matches however the text capitalises it.
  const flags = name === name.toLowerCase() ? 'giu' : 'gu';
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, flags);
}

interface Mention extends Passage {
  index: number;
  score: number;
}

/**
 * The passages that say most about `name`, in reading order: the first FIRST_MENTIONS sentences
 * that name it, then the best described ones. Empty when the name is not in the chapters.
 */
export function whoPassages(chapters: { title: string; text: string }[], name: string): Passage[] {
  const find = matcher(name);
  const describes = isCjk(name) ? CJK_DESCRIBES : LATIN_DESCRIBES;
  const mentions: Mention[] = [];
  for (const chapter of chapters) {
    // A chapter whose only "text" is its title (a comic's) has nothing to say.
    if (!chapter.text.trim() || chapter.text.trim() === chapter.title.trim()) continue;
    for (const sentence of sentences(chapter.text)) {
      const at = [...sentence.matchAll(find)];
      if (at.length === 0) continue;
      const described = at.some((match) => describes.test(sentence.slice(match.index + match[0].length)));
      // Described sentences first; then the ones that name it more than once; short ones lose.
      const length = Array.from(sentence).length;
      const score = (described ? 10 : 0) + Math.min(at.length, 3) + (length >= 12 ? 1 : 0);
      mentions.push({ chapter: chapter.title, text: sentence, index: mentions.length, score });
    }
  }
  const first = mentions.slice(0, FIRST_MENTIONS);
  const best = mentions
    .slice(FIRST_MENTIONS)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, PASSAGES - first.length);
  return [...first, ...best]
    .sort((a, b) => a.index - b.index)
    .map(({ chapter, text }) => ({ chapter, text }));
}
