/**
 * Suggestions as the reader types: titles and authors held in memory with their folded forms
 * (search-forms.ts: the folded text, the same without spaces, its pinyin joined and its initials),
 * so 海贼, 海賊, haiz, hzw and 海z all offer 海贼王. A keystroke reads no database.
 *
 * Order: the text itself starts with the input (tier 0), then one of its other forms does (1),
 * then the input is anywhere in a form (2); ties go to the more viewed, titles before authors,
 * then the lower id. Entries are kept in that tie order, and each tier has lists of entries in
 * that order: by the first one or two characters of the text, of the other forms, and by every
 * pair of adjacent characters (or character) anywhere. A keystroke walks the lists tier by tier
 * and stops a list as soon as the answer is full of entries it cannot beat, so a broad input (one
 * letter) costs about as little as a rare one.
 */
import type { SuggestSource } from '../repositories/search.repository.js';
import { foldText, mixedTermForms, pinyinLines } from './search-forms.js';

export interface Suggestion {
  kind: 'title' | 'author';
  /** Work id for a title, author id for an author. */
  id: number;
  /** The work's type (0 comic, 1 novel, 2 anime); -1 for an author. */
  type: number;
  text: string;
}

interface Entry extends Suggestion {
  /** The folded text. */
  folded: string;
  /** The other forms (alternative titles, pinyin), each compacted too. */
  others: string[];
  /** Every form, each after a separator: `\u0001form` starts a form, so one `includes` finds a start. */
  forms: string;
  popularity: number;
  /** The kinds it is offered for, a bit per type (SuggestSource.kinds). */
  kinds: number;
}

const SEPARATOR = '\u0001';
const compact = (text: string) => text.replace(/\s+/g, '');
const normal = (text: string) => foldText(text).trim().replace(/\s+/g, ' ');

/** Answers kept per index: readers type the same beginnings (the index is rebuilt on change). */
const ANSWERS_MAX = 2_000;

export class SuggestIndex {
  /** In tie order: more viewed first, titles before authors, lower id first. */
  private readonly entries: Entry[];
  private readonly answers = new Map<string, Suggestion[]>();
  /** Tier 0: entries by the first one and the first two characters of their folded text. */
  private readonly textStarts = new Map<string, Int32Array>();
  /** Tier 1: entries by the first one and two characters of any other form. */
  private readonly formStarts = new Map<string, Int32Array>();
  /** Tier 2: entries by each character and pair of adjacent characters of any form. */
  private readonly postings = new Map<string, Int32Array>();
  /** Scan number at which an entry was last checked (an entry met in two lists counts once). */
  private readonly checked: Uint32Array;
  private scans = 0;

  constructor(sources: SuggestSource[]) {
    this.entries = sources
      .map((source) => {
        const folded = normal(source.text);
        const lines = source.lines ?? [folded, ...pinyinLines(folded)];
        const forms = new Set([folded, ...lines, ...lines.map(compact)]);
        forms.delete(folded);
        const others = [...forms].filter(Boolean);
        return {
          kind: source.kind,
          id: source.id,
          type: source.type,
          text: source.text,
          folded,
          others,
          forms: [folded, ...others].map((form) => SEPARATOR + form).join(''),
          popularity: source.popularity,
          kinds: source.kinds,
        };
      })
      .sort(
        (a, b) =>
          b.popularity - a.popularity || (a.kind === b.kind ? 0 : a.kind === 'title' ? -1 : 1) || a.id - b.id,
      );
    this.checked = new Uint32Array(this.entries.length);
    const textStarts = new Map<string, number[]>();
    const formStarts = new Map<string, number[]>();
    const postings = new Map<string, number[]>();
    const add = (lists: Map<string, number[]>, key: string, e: number) => {
      const list = lists.get(key);
      if (!list) lists.set(key, [e]);
      else if (list[list.length - 1] !== e) list.push(e);
    };
    this.entries.forEach((entry, e) => {
      for (const key of startKeys(entry.folded)) add(textStarts, key, e);
      for (const form of entry.others) for (const key of startKeys(form)) add(formStarts, key, e);
      for (const gram of gramsOf(entry.forms)) add(postings, gram, e);
    });
    for (const [from, to] of [
      [textStarts, this.textStarts],
      [formStarts, this.formStarts],
      [postings, this.postings],
    ] as const)
      for (const [key, list] of from) to.set(key, Int32Array.from(list));
  }

  get size(): number {
    return this.entries.length;
  }

  /** Up to `limit` titles (of `type`, or any when -1) and authors for what the reader typed. */
  suggest(keyword: string, type: number, limit: number): Suggestion[] {
    const folded = normal(keyword);
    if (!folded) return [];
    const key = `${type} ${limit} ${folded}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const answer = this.scan(folded, type, limit);
    if (this.answers.size >= ANSWERS_MAX) this.answers.clear();
    this.answers.set(key, answer);
    return answer;
  }

  /** The entries (by rarest gram) that may hold `input` anywhere. */
  private holders(input: string): Int32Array {
    let rarest: Int32Array | null = null;
    for (const gram of gramsOf(input, input.length > 1)) {
      const list = this.postings.get(gram) ?? EMPTY;
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    return rarest ?? EMPTY;
  }

  private scan(folded: string, type: number, limit: number): Suggestion[] {
    const inputs = [...new Set([folded, compact(folded), ...mixedTermForms(compact(folded))])];
    const starts = inputs.map((input) => SEPARATOR + input);
    const startKey = (input: string) => input.slice(0, Math.min(2, input.length));
    // The best `limit` so far as (tier, entry index), best first.
    const best: { tier: number; e: number }[] = [];
    const scan = ++this.scans;
    const tiers: [number, (input: string) => Int32Array][] = [
      [0, (input) => this.textStarts.get(startKey(input)) ?? EMPTY],
      [1, (input) => this.formStarts.get(startKey(input)) ?? EMPTY],
      [2, (input) => this.holders(input)],
    ];
    for (const [lowest, listOf] of tiers) {
      for (const input of inputs) {
        for (const e of listOf(input)) {
          // Every later entry of this list is at tier `lowest` or worse and later in tie order.
          if (best.length === limit && !before(lowest, e, best[limit - 1]!)) break;
          if (this.checked[e] === scan) continue;
          this.checked[e] = scan;
          const entry = this.entries[e]!;
          // A title of another kind, or an author with no work of this kind, is not offered.
          if (type >= 0 && (entry.kinds & (1 << type)) === 0) continue;
          const tier = tierOf(entry, inputs, starts);
          if (tier === null || (best.length === limit && !before(tier, e, best[limit - 1]!))) continue;
          let at = best.length;
          while (at > 0 && before(tier, e, best[at - 1]!)) at -= 1;
          best.splice(at, 0, { tier, e });
          if (best.length > limit) best.pop();
        }
      }
    }
    return best.map(({ e }) => {
      const entry = this.entries[e]!;
      return { kind: entry.kind, id: entry.id, type: entry.type, text: entry.text };
    });
  }
}

const EMPTY = new Int32Array(0);

/** The first character and the first two characters of a form (what an input's start is looked up by). */
const startKeys = (form: string) => (form.length > 1 ? [form[0]!, form.slice(0, 2)] : form ? [form] : []);

/** 0: the text starts with an input; 1: another form does; 2: a form holds one; null: none. */
function tierOf(entry: Entry, inputs: string[], starts: string[]): number | null {
  let tier: number | null = null;
  for (let i = 0; i < inputs.length; i += 1) {
    if (!entry.forms.includes(inputs[i]!)) continue;
    if (entry.folded.startsWith(inputs[i]!)) return 0;
    const found = entry.forms.includes(starts[i]!) ? 1 : 2;
    if (tier === null || found < tier) tier = found;
  }
  return tier;
}

/** Whether (tier, entry index) `a` comes before `b` (entries are stored in tie order). */
const before = (tier: number, e: number, b: { tier: number; e: number }) =>
  tier !== b.tier ? tier < b.tier : e < b.e;

/**
 * The distinct characters and pairs of adjacent characters of `text` (code units: the input and
 * the forms split the same way), none across a separator; with `pairsOnly`, pairs only.
 */
function gramsOf(text: string, pairsOnly = false): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === SEPARATOR) continue;
    if (!pairsOnly) grams.add(char);
    const next = text[i + 1];
    if (next !== undefined && next !== SEPARATOR) grams.add(char + next);
  }
  return grams;
}
