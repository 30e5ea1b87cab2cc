/**
 * Japanese kana in search. Katakana is folded to hiragana (foldText), so メロス and めろす find
 * each other. A line holding kana also gets romaji lines (Hepburn, from wanakana): the kana words
 * spaced and joined, each as wāpuro romaji types long vowels (toukyou, yuuki, koohii) and with
 * them shortened (tokyo, yuki, kohi: what a reader types without macrons, and what a query typed
 * with macrons, tōkyō, folds to). A romaji query then matches these lines as plain substrings,
 * like pinyin.
 *
 * Kanji have no reading here: that needs a dictionary of tens of megabytes (kuromoji, sudachi),
 * out of proportion for a catalogue whose Japanese works usually carry a romaji or English
 * alternative title. Kanji titles are found by their characters and their alternative titles
 * (decision record 0035).
 */
import { toKatakana, toRomaji } from 'wanakana';

/** The katakana that have a hiragana twin 0x60 code points below (ァ…ヶ, ヽ ヾ). */
const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/g;
/** A kana (either script), the long-vowel mark or an iteration mark. */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;
const LATIN_OR_DIGIT = /[a-z0-9]/;
/** What ends a word inside a phrase: spaces, the middle dot and punctuation. */
const WORD_BREAK = /[\s\p{P}\p{S}]/u;

/**
 * Katakana as hiragana. The long-vowel mark ー is kept as it is: it has no hiragana twin, and a
 * query typed with it then matches as written.
 */
export const katakanaToHiragana = (text: string) =>
  text.replace(KATAKANA, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60));

type Word = { kana: boolean; text: string };

/**
 * The words of a line grouped in phrases: a phrase ends at a character that is neither kana,
 * Latin, a digit nor a word break (a kanji: its reading is unknown, so romaji cannot run across it).
 */
function phrasesOf(line: string): Word[][] {
  const phrases: Word[][] = [];
  let phrase: Word[] = [];
  let word: Word | null = null;
  const endWord = () => {
    if (word) phrase.push(word);
    word = null;
  };
  const endPhrase = () => {
    endWord();
    if (phrase.length) phrases.push(phrase);
    phrase = [];
  };
  for (const char of line) {
    const kind = KANA.test(char) ? 'kana' : LATIN_OR_DIGIT.test(char) ? 'latin' : null;
    if (kind === null) {
      if (WORD_BREAK.test(char)) endWord();
      else endPhrase();
      continue;
    }
    const kana = kind === 'kana';
    if (word && word.kana !== kana) endWord();
    word ??= { kana, text: '' };
    word.text += char;
  }
  endPhrase();
  return phrases;
}

/**
 * A kana word in romaji: through katakana, where wanakana reads ー as the vowel before it
 * (チェンソー → chensoo); the apostrophe after ん (shin'ichi) dropped, as readers type it.
 */
const romajiOf = (kana: string) => toRomaji(toKatakana(kana)).replace(/[^a-z0-9]/g, '');

/** Long vowels as most readers type them: ou → o, doubled vowels once (toukyou → tokyo). */
const shortened = (romaji: string) => romaji.replace(/ou/g, 'o').replace(/([aiueo])\1+/g, '$1');

/** Kana a line needs for romaji lines: a lone particle between kanji (銀河鉄道の夜) reads as "no". */
const KANA_MIN = 2;

/** The romaji lines of a line (lowercased, NFKC); none when it holds (almost) no kana. */
export function romajiLines(line: string): string[] {
  if ([...line].filter((char) => KANA.test(char)).length < KANA_MIN) return [];
  const phrases = phrasesOf(line);
  const lines: string[] = [];
  for (const short of [false, true]) {
    const read = phrases.map((phrase) =>
      phrase
        .map((word) => (word.kana ? romajiOf(word.text) : word.text))
        .map((text, i) => (short && phrase[i]!.kana ? shortened(text) : text))
        .filter(Boolean),
    );
    lines.push(read.map((words) => words.join(' ')).join(' '), read.map((words) => words.join('')).join(' '));
  }
  return [...new Set(lines.map((l) => l.trim()))].filter((l) => LATIN_OR_DIGIT.test(l));
}
