/**
 * KOReader's positions in reflowable books (crengine xpointers), both ways, against a chapter's
 * markup. A position looks like `/body/DocFragment[20]/body/div/p[22]/text().14`: DocFragment[n]
 * is the n-th XHTML document of the spine; below it is a path from the document's <body>, each
 * step an element name with its 1-based index among siblings of that name (written only when there
 * are several), ending at a text node and a character offset, or at an element.
 *
 * The app keeps a novel's place as a character offset into the chapter's plain text, which is
 * the same words as the chapter's markup but not the same characters (whitespace, headings). So a
 * position is carried across by its words: the non-space text just after it, found in the other
 * form nearest the same proportion of the chapter. Where the words repeat or differ, that is still
 * the right paragraph, which is as close as either side can say.
 */
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element, ParentNode, Text } from 'domhandler';

export interface XPointer {
  /** 1-based spine document (DocFragment index). */
  fragment: number;
  /**
   * Steps below the document's body: element name, 1-based index among same-named siblings, and
   * whether there are several (crengine writes the index only then).
   */
  steps: { name: string; index: number; several?: boolean }[];
  /** The text node step (`text()[k]`), 1-based among the element's text nodes; null: none. */
  text: number | null;
  offset: number;
}

const FRAGMENT = /^\/body\/DocFragment(?:\[(\d+)\])?(.*)$/;
const STEP = /^([A-Za-z][\w.-]*(?::[\w.-]+)?)(?:\[(\d+)\])?$/;
const TEXT_STEP = /^text\(\)(?:\[(\d+)\])?$/;

/** Reads a crengine xpointer; null when it is not one. */
export function parseXPointer(value: string): XPointer | null {
  const match = FRAGMENT.exec(value.trim());
  if (!match) return null;
  const fragment = Number(match[1] ?? 1);
  let rest = match[2] ?? '';
  let offset = 0;
  const tail = /\.(\d+)$/.exec(rest);
  if (tail) {
    offset = Number(tail[1]);
    rest = rest.slice(0, -tail[0].length);
  }
  const parts = rest.split('/').filter((part) => part !== '');
  // Below DocFragment comes the document's own <body>.
  if (parts[0]?.toLowerCase() === 'body') parts.shift();
  const steps: XPointer['steps'] = [];
  let text: number | null = null;
  for (const [i, part] of parts.entries()) {
    const textStep = TEXT_STEP.exec(part);
    if (textStep && i === parts.length - 1) {
      text = Number(textStep[1] ?? 1);
      continue;
    }
    const step = STEP.exec(part);
    if (!step) return null;
    steps.push({ name: step[1]!.toLowerCase(), index: Number(step[2] ?? 1) });
  }
  if (!Number.isSafeInteger(fragment) || fragment < 1) return null;
  return { fragment, steps, text, offset };
}

export function formatXPointer(pointer: XPointer): string {
  const path = pointer.steps.map(
    (step) => `/${step.name}${step.several || step.index > 1 ? `[${step.index}]` : ''}`,
  );
  const text = pointer.text === null ? '' : `/text()${pointer.text > 1 ? `[${pointer.text}]` : ''}`;
  const offset = pointer.text === null ? '' : `.${pointer.offset}`;
  return `/body/DocFragment[${pointer.fragment}]/body${path.join('')}${text}${offset}`;
}

/** How many characters of the words after a position identify it. */
const SNIPPET = 24;
const isSpace = (char: string) => /\s/u.test(char);

/** A text's non-space characters, with each one's index in the text. */
function words(text: string): { chars: string; at: number[] } {
  let chars = '';
  const at: number[] = [];
  let index = 0;
  for (const char of text) {
    if (!isSpace(char)) {
      chars += char;
      at.push(index);
    }
    index += char.length;
  }
  return { chars, at };
}

/** Where `snippet` occurs in `chars` nearest to `expected`, shortening it until it is found; -1: never. */
function nearest(chars: string, snippet: string, expected: number): number {
  for (let length = snippet.length; length >= 4; length = Math.floor(length / 2)) {
    const wanted = snippet.slice(0, length);
    let best = -1;
    for (let at = chars.indexOf(wanted); at >= 0; at = chars.indexOf(wanted, at + 1)) {
      if (best < 0 || Math.abs(at - expected) < Math.abs(best - expected)) best = at;
    }
    if (best >= 0) return best;
  }
  return -1;
}

interface TextRun {
  node: Text;
  /** Index of its first non-space character in the body's non-space text. */
  start: number;
  chars: string;
  at: number[];
}

/** The text nodes of a body in document order, with where their words start. */
function textRuns(body: ChildNode[]): { runs: TextRun[]; total: number } {
  const runs: TextRun[] = [];
  let total = 0;
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const { chars, at } = words((node as Text).data);
        runs.push({ node: node as Text, start: total, chars, at });
        total += chars.length;
      } else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
        const element = node as Element;
        if (element.name !== 'script' && element.name !== 'style') walk(element.children);
      }
    }
  };
  walk(body);
  return { runs, total };
}

function parseBody(markup: string): ChildNode[] {
  return parseDocument(markup, { decodeEntities: true }).children;
}

const elementsNamed = (nodes: ChildNode[], name: string) =>
  nodes.filter(
    (node): node is Element => node.type === 'tag' && (node as Element).name.toLowerCase() === name,
  );

/**
 * The place of `pointer` (steps, text node, offset) in a chapter body, as a character offset into
 * the chapter's plain text `plain`.
 */
export function plainOffsetOf(pointer: XPointer, bodyMarkup: string, plain: string): number {
  const body = parseBody(bodyMarkup);
  const { runs, total } = textRuns(body);
  // Follow the steps as far as the markup has them.
  let nodes = body;
  let element: Element | null = null;
  for (const step of pointer.steps) {
    const next = elementsNamed(nodes, step.name)[step.index - 1];
    if (!next) break;
    element = next;
    nodes = next.children;
  }
  let target: Text | null = null;
  let within = 0;
  if (pointer.text !== null && element) {
    const texts = element.children.filter((node): node is Text => node.type === 'text');
    target = texts[pointer.text - 1] ?? null;
    within = pointer.offset;
  }
  // Otherwise the element's first text.
  target ??= element ? firstText(element) : null;
  const run = target ? runs.find((r) => r.node === target) : runs[0];
  if (!run) return 0;
  const local = run.at.findIndex((index) => index >= within);
  const position = run.start + (local < 0 ? run.chars.length : local);
  const fullText = runs.map((r) => r.chars).join('');
  const snippet = fullText.slice(position, position + SNIPPET);

  const plainWords = words(plain);
  if (plainWords.chars.length === 0) return 0;
  const expected = total > 0 ? Math.round((position / total) * plainWords.chars.length) : 0;
  const found = snippet ? nearest(plainWords.chars, snippet, expected) : -1;
  const index = Math.min(found >= 0 ? found : expected, plainWords.chars.length - 1);
  return plainWords.at[index] ?? 0;
}

function firstText(element: Element): Text | null {
  for (const child of element.children) {
    if (child.type === 'text' && /\S/u.test((child as Text).data)) return child as Text;
    if (child.type === 'tag') {
      const inner = firstText(child as Element);
      if (inner) return inner;
    }
  }
  return null;
}

/**
 * The xpointer of a character offset into the chapter's plain text, in spine document
 * `fragment` whose body is `bodyMarkup`: the paragraph that holds those words, at its start.
 */
export function xpointerOf(fragment: number, bodyMarkup: string, plain: string, position: number): string {
  const body = parseBody(bodyMarkup);
  const { runs, total } = textRuns(body);
  const plainWords = words(plain);
  // The first non-space character at or after the position.
  let index = plainWords.at.findIndex((at) => at >= position);
  if (index < 0) index = Math.max(0, plainWords.chars.length - 1);
  const snippet = plainWords.chars.slice(index, index + SNIPPET);
  const expected = plainWords.chars.length > 0 ? Math.round((index / plainWords.chars.length) * total) : 0;
  const fullText = runs.map((r) => r.chars).join('');
  const found = snippet ? nearest(fullText, snippet, expected) : -1;
  const at = found >= 0 ? found : Math.min(expected, Math.max(0, total - 1));
  const run = runs.find((r) => r.chars.length > 0 && at < r.start + r.chars.length) ?? runs.at(-1);
  const parent = run?.node.parent;
  if (!run || !parent || parent.type !== 'tag')
    return formatXPointer({ fragment, steps: [], text: null, offset: 0 });
  const steps = pathTo(parent as Element);
  // At the start of the paragraph's text when the paragraph begins with it; else at the paragraph.
  const isFirstText = (parent as Element).children.find((node) => node.type === 'text') === run.node;
  return formatXPointer({ fragment, steps, text: isFirstText ? 1 : null, offset: 0 });
}

/** Steps from the body down to `element` (name and 1-based index among same-named siblings). */
function pathTo(element: Element): XPointer['steps'] {
  const steps: XPointer['steps'] = [];
  for (let node: Element | null = element; node;) {
    const parent: ParentNode | null = node.parent;
    const siblings: ChildNode[] = parent ? parent.children : [];
    const name = node.name.toLowerCase();
    if (name === 'body' || name === 'html') break;
    const same = elementsNamed(siblings, name);
    steps.unshift({ name, index: same.indexOf(node) + 1, several: same.length > 1 });
    node = parent && parent.type === 'tag' ? (parent as Element) : null;
  }
  return steps;
}
