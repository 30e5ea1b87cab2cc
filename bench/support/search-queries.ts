/**
 * What readers type into search, made from the generated catalogue (catalogue-names.ts): the new
 * kinds of query (pinyin, initials, the other Chinese script, mixed Han and initials, a Latin word
 * with a typo that only the correction finds) and the beginnings typed into the suggestions.
 * Pinyin comes from the server's own reading (search-forms.ts), as a pinyin keyboard types it.
 */
import { foldText, pinyinLines } from '../../packages/server/src/services/search-forms.js';
import { mix, titleOf, type GeneratedAuthor, type GeneratedTitle } from './catalogue-names.js';

export type QueryKind = 'pinyin' | 'spaced pinyin' | 'initials' | 'other script' | 'mixed' | 'typo';
export const QUERY_KINDS: QueryKind[] = [
  'pinyin',
  'spaced pinyin',
  'initials',
  'other script',
  'mixed',
  'typo',
];

/** Pinyin joined, spaced and initials of a Chinese line, as the server reads it. */
function pinyinOf(text: string): { joined: string; spaced: string; initials: string } {
  const [joined = '', spaced = '', initials = ''] = pinyinLines(foldText(text));
  return { joined, spaced, initials };
}

const LETTERS = 'aeiounrst';

/**
 * One slip in `word` (lowercase, 5 letters or more, so that even with a letter dropped the server
 * allows it one edit): neighbours swapped, a letter dropped, doubled or replaced.
 */
export function typoOf(word: string, n: number): string {
  const at = 1 + (mix(n, 31) % (word.length - 2)); // keep the first letter, as most typos do
  switch (mix(n, 32) % 4) {
    case 0:
      return word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + word[at]! + word.slice(at);
    default: {
      const letter = LETTERS[mix(n, 33) % LETTERS.length]!;
      const replaced =
        letter === word[at] ? LETTERS[(LETTERS.indexOf(letter) + 1) % LETTERS.length]! : letter;
      return word.slice(0, at) + replaced + word.slice(at + 1);
    }
  }
}

/** The first of works `start`, `start + 1`, … (wrapping at `works`) that `wanted` accepts. */
function workOf(works: number, start: number, wanted: (title: GeneratedTitle) => boolean): GeneratedTitle {
  for (let k = 0; k < works; k += 1) {
    const title = titleOf((start + k) % works);
    if (wanted(title)) return title;
  }
  throw new Error('no generated work of that kind');
}

/** Query `i` of kind `kind` about a work of the catalogue of `works` works. */
function queryOf(kind: QueryKind, works: number, i: number): string {
  const start = mix(i, 41) % works;
  const chinese = () => workOf(works, start, (t) => t.language === 'zh');
  switch (kind) {
    case 'pinyin':
      return pinyinOf(chinese().title).joined;
    case 'spaced pinyin':
      return pinyinOf(chinese().title).spaced;
    case 'initials':
      return pinyinOf(chinese().title).initials;
    case 'other script':
      return workOf(works, start, (t) => t.otherScript !== null).otherScript!;
    case 'mixed': {
      // The first character as written, then the initials of the rest (海zwz).
      const title = chinese().title;
      return [...title][0]! + pinyinOf(title).initials.slice(1);
    }
    case 'typo': {
      const { words } = workOf(works, start, (t) => t.words.length > 0);
      const lower = words.map((word) => word.toLowerCase()).filter((word) => word.length >= 5);
      const slipped = mix(i, 42) % lower.length;
      const typed = lower.map((word, k) => (k === slipped ? typoOf(word, i) : word));
      // Sometimes only the slipped word, sometimes the words around it too (the last word is the
      // one still being typed, which the correction also compares with beginnings of words).
      return mix(i, 43) % 2 === 0 ? typed[slipped]! : typed.join(' ');
    }
  }
}

/** `count` queries cycling through the kinds. */
export function newFormQueries(works: number, count: number): { keyword: string; kind: QueryKind }[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = QUERY_KINDS[i % QUERY_KINDS.length]!;
    return { keyword: queryOf(kind, works, i), kind };
  });
}

export type SuggestKind = 'chinese' | 'traditional' | 'pinyin' | 'initials' | 'latin' | 'japanese' | 'author';
const SUGGEST_KINDS: SuggestKind[] = [
  'chinese',
  'traditional',
  'pinyin',
  'initials',
  'latin',
  'japanese',
  'author',
];

/** A beginning of `text` of `min`–`max` characters (code points), as the reader has typed so far. */
function beginning(text: string, n: number, min: number, max: number): string {
  const chars = [...text];
  const length = Math.min(chars.length, min + (mix(n, 51) % (max - min + 1)));
  return chars.slice(0, length).join('').trimEnd();
}

/** `count` inputs of the suggestion box: beginnings of titles and authors in every form. */
export function suggestInputs(
  works: number,
  authors: GeneratedAuthor[],
  count: number,
): { keyword: string; kind: SuggestKind }[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = SUGGEST_KINDS[i % SUGGEST_KINDS.length]!;
    const start = mix(i, 52) % works;
    const of = (language: GeneratedTitle['language']) => workOf(works, start, (t) => t.language === language);
    let keyword: string;
    switch (kind) {
      case 'chinese':
        keyword = beginning(of('zh').title, i, 1, 3);
        break;
      case 'traditional':
        keyword = beginning(workOf(works, start, (t) => t.otherScript !== null).otherScript!, i, 2, 3);
        break;
      case 'pinyin':
        keyword = beginning(pinyinOf(of('zh').title).joined, i, 2, 8);
        break;
      case 'initials':
        keyword = beginning(pinyinOf(of('zh').title).initials, i, 2, 4);
        break;
      case 'latin':
        keyword = beginning(of('en').title.toLowerCase(), i, 2, 10);
        break;
      case 'japanese':
        keyword = beginning(of('ja').title, i, 1, 3);
        break;
      case 'author': {
        const author = authors[mix(i, 53) % authors.length]!;
        // A Chinese author by characters or pinyin, others by the first letters of their name.
        keyword =
          author.language === 'zh' && mix(i, 54) % 2 === 0
            ? beginning(pinyinOf(author.name).joined, i, 2, 6)
            : beginning(author.name.toLowerCase(), i, 1, 5);
        break;
      }
    }
    return { keyword, kind };
  });
}
