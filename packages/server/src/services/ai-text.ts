/**
 * Text tools of the built-in (no network, no model) provider and of character discovery:
 * sentence splitting, token overlap scoring, extractive summaries and name candidates. Pure
 * functions, so they are tested without a database.
 */

/** A sentence with the title of the chapter it came from. */
export interface SourceSentence {
  text: string;
  chapter: string;
}

const CJK = /[\u3400-\u9fff]/;

export function isCjk(text: string): boolean {
  return CJK.test(text);
}

/** Splits on sentence ends (。！？!?. and line breaks), keeping closing quotes with their sentence. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const parts = line.match(/[^。！？!?.]+(?:[。！？!?.]+[”"’']?|$)/g) ?? [];
    for (const part of parts) {
      const trimmed = part.trim();
      if (Array.from(trimmed).length >= 2) out.push(trimmed);
    }
  }
  return out;
}

/** Words of Latin text (lowercase, 3+ letters) and character bigrams of CJK text. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().match(/[a-z0-9']{3,}/g) ?? []) {
    if (!STOP_WORDS.has(word)) out.push(word);
  }
  for (const run of text.match(/[\u3400-\u9fff]+/g) ?? []) {
    const chars = Array.from(run);
    if (chars.length === 1) out.push(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i += 1) out.push(chars[i]! + chars[i + 1]!);
  }
  return out;
}

const STOP_WORDS = new Set(
  "the and but for with that this was were are you your his her she him they them then than what when where which who why how not from have has had into out our its it's there their about would could should will just said says very also been being some more most only over such".split(
    ' ',
  ),
);

/**
 * The `count` best sentences by the summed document frequency of their tokens (normalised by
 * length, so long sentences do not win by size), returned in their original order.
 */
export function extractiveSummary<T extends { text: string }>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const frequency = new Map<string, number>();
  for (const item of items)
    for (const token of new Set(tokens(item.text))) frequency.set(token, (frequency.get(token) ?? 0) + 1);
  const scored = items.map((item, index) => {
    const list = tokens(item.text);
    const sum = list.reduce((total, token) => total + (frequency.get(token) ?? 0), 0);
    // A slight preference for the opening sentences, which usually set the scene.
    return { item, index, score: sum / Math.sqrt(list.length + 1) + (index === 0 ? 0.5 : 0) };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.item);
}

/** How well a sentence answers a message: shared tokens, weighted by their rarity in the message. */
export function overlapScore(sentence: string, message: string): number {
  const wanted = new Set(tokens(message));
  if (wanted.size === 0) return 0;
  let score = 0;
  for (const token of new Set(tokens(sentence))) if (wanted.has(token)) score += 1;
  return score;
}

const CJK_NOT_NAMES = new Set(
  '我们 你们 他们 她们 它们 自己 什么 这个 那个 大家 一个 没有 因为 所以 但是 然后 已经 可以 不是 这样 那样 时候 知道 现在 突然 于是 只是 还是 就是 这是 那是 正文 本章 心里 轻声 低声 大声 笑着 忍不住 回头 点头 摇头'.split(
    ' ',
  ),
);
const LATIN_NOT_NAMES = new Set(
  'The A An And But Or So Then When Where What Who Why How He She It They We You I His Her Its Their Our My Your This That These Those There Here Chapter Yes No Oh Not In On At Of To For With From By As If After Before Now Mr Mrs Ms Dr One Two'.split(
    ' ',
  ),
);

/**
 * Name candidates by frequency: CJK names of 2–3 characters before a speech verb (说/道/问/笑/喊…)
 * or before a colon and quote, and Latin capitalised words not at the start of a sentence; then
 * counted over the whole text. Names seen fewer than twice are dropped.
 */
export function nameCandidates(text: string, limit = 6): { name: string; mentions: number }[] {
  const found = new Set<string>();
  for (const match of text.matchAll(
    /([\u4e00-\u9fff]{2,3}?)(?:说|道|问|笑道|喊|叫道|答|低声|轻声|：“|:“)/g,
  )) {
    const name = match[1]!;
    if (!CJK_NOT_NAMES.has(name) && !/[的了着是在和与也都就又]/.test(name)) found.add(name);
  }
  for (const match of text.matchAll(/[^.!?"“\n]\s+([A-Z][a-z]{2,})/g)) {
    if (!LATIN_NOT_NAMES.has(match[1]!)) found.add(match[1]!);
  }
  const counted = [...found].map((name) => ({ name, mentions: countOf(text, name) }));
  return counted
    .filter((entry) => entry.mentions >= 2)
    .sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name))
    .slice(0, limit);
}

function countOf(text: string, word: string): number {
  let count = 0;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) count += 1;
  return count;
}

/** Text quoted in a sentence (“…” or "…"), the words a character says. */
export function quoted(sentence: string): string | null {
  const match = sentence.match(/[“"]([^”"]{2,})[”"]/);
  return match ? match[1]!.trim() : null;
}

/** Splits a reply into the small pieces a stream sends: up to three CJK characters or one Latin word. */
export function chunksOf(text: string): string[] {
  const wide = '\\u3400-\\u9fff\\u3000-\\u303f\\uff00-\\uffef“”';
  const parts = text.match(new RegExp(`\\s+|[${wide}]|[^\\s${wide}]+`, 'g')) ?? [];
  const out: string[] = [];
  for (const part of parts) {
    const last = out.length - 1;
    const isWide = new RegExp(`^[${wide}]$`).test(part);
    if (/^\s+$/.test(part) && last >= 0) out[last] += part;
    else if (isWide && last >= 0 && new RegExp(`^[${wide}]{1,2}$`).test(out[last]!)) out[last] += part;
    else out.push(part);
  }
  return out;
}
