/**
 * Text generation behind one interface: a streamed character reply, a non-streamed
 * summary and a "who is" answer. The server runs it only with a model the operator connected (ai-chat-openai.ts); with
 * none, chat is refused and the reading helpers quote the text (ai-extractive.ts).
 *
 * BuiltinChatProvider is a deterministic stand-in for tests (no model, no network): it answers
 * with the character's own lines and ranks sentences. It is never wired in for readers, because
 * lines picked from the text are not a reply, and a reader must not pay a try for one.
 */
import { chunksOf, extractiveSummary, isCjk, overlapScore, quoted, sentences } from './ai-text.js';

/** What a reply may draw on: the work's summary and ONLY the chapters up to the reading place. */
export interface Grounding {
  title: string;
  language: string;
  summary: string;
  /** In reading order; never a chapter past the user's place. */
  chapters: { title: string; text: string }[];
}

export interface ChatTurn {
  role: 'user' | 'character';
  text: string;
}

export interface ChatRequest {
  grounding: Grounding;
  character: string;
  isNarrator: boolean;
  /** Earlier turns of the conversation, oldest first (not including `message`). */
  history: ChatTurn[];
  message: string;
}

export interface SummaryRequest {
  language: string;
  chapters: { title: string; text: string }[];
  /** Sentences wanted in all. */
  sentences: number;
}

/** "Who is": the passages of the chapters read so far that mention a name, and nothing else. */
export interface WhoRequest {
  language: string;
  name: string;
  passages: { chapter: string; text: string }[];
}

export interface ChatProvider {
  readonly name: string;
  /** The model that writes (cached answers belong to it: another model writes its own). */
  readonly model: string;
  /** Yields the reply in chunks; rejects (or throws mid-way) on failure; honours `signal`. */
  streamReply(request: ChatRequest, signal: AbortSignal): AsyncIterable<string>;
  summarise(request: SummaryRequest, signal: AbortSignal): Promise<string>;
  whoIs(request: WhoRequest, signal: AbortSignal): Promise<string>;
}

/** Reply text in the work's language: CJK works join sentences without spaces. */
export function joinSentences(language: string, parts: string[]): string {
  const cjk = language.startsWith('zh') || language.startsWith('ja') || parts.some(isCjk);
  return parts.join(cjk ? '' : ' ');
}

export class BuiltinChatProvider implements ChatProvider {
  readonly name = 'builtin';
  readonly model = 'builtin';

  /** `chunkDelayMs` paces the chunks so a reader sees the reply arrive (0 in unit tests). */
  constructor(private readonly chunkDelayMs = 30) {}

  /** The reply as one text: exported for the no-spoiler tests. */
  reply(request: ChatRequest): string {
    const { grounding, character, isNarrator, message } = request;
    const pool = grounding.chapters.flatMap((chapter) => sentences(chapter.text));
    const summary = sentences(grounding.summary);
    // The character's own words first: quotes in sentences that name them outside the quote (a
    // name inside a quote is someone else talking to them); then sentences about them. The
    // narrator speaks every sentence.
    const sources = new Set<string>();
    const spoken = pool.flatMap((sentence) => {
      const words = quoted(sentence);
      if (!words || !sentence.replace(words, '').includes(character)) return [];
      sources.add(sentence);
      return [words];
    });
    const about = isNarrator
      ? pool
      : pool.filter((sentence) => sentence.includes(character) && !sources.has(sentence));
    // Lines already said in this conversation are used last, so a new question gets a new line.
    const said = request.history
      .filter((turn) => turn.role === 'character')
      .map((turn) => turn.text)
      .join('\n');
    const ranked = [...new Set([...spoken, ...about])]
      .map((text, index) => {
        const overlap = overlapScore(text, message);
        const fresh = !said.includes(text.replace(/[,，;；:：、.。!?！？\s]+$/u, ''));
        return { text, index, overlap, fresh, score: overlap * 2 + (index < spoken.length ? 1 : 0) };
      })
      .sort((a, b) => b.score - a.score || a.index - b.index);
    let picked = ranked.filter((entry) => entry.fresh && entry.overlap > 0).slice(0, 2);
    if (picked.length === 0) picked = ranked.filter((entry) => entry.fresh).slice(0, 2);
    if (picked.length === 0) picked = ranked.slice(0, 2);
    const parts = picked.sort((a, b) => a.index - b.index).map((entry) => entry.text);
    if (parts.length === 0)
      parts.push(
        ...extractiveSummary(
          summary.map((text) => ({ text })),
          1,
        ).map((s) => s.text),
      );
    if (parts.length === 0) parts.push(grounding.language.startsWith('zh') ? '……' : '…');
    return joinSentences(
      grounding.language,
      parts.map((part) => withEnd(part)),
    );
  }

  async *streamReply(request: ChatRequest, signal: AbortSignal): AsyncIterable<string> {
    for (const chunk of chunksOf(this.reply(request))) {
      signal.throwIfAborted();
      if (this.chunkDelayMs > 0) await sleep(this.chunkDelayMs, signal);
      yield chunk;
    }
  }

  async summarise(request: SummaryRequest): Promise<string> {
    // Spread the sentences over the chapters (at least one each), most recent chapters last.
    const per = Math.max(1, Math.floor(request.sentences / Math.max(1, request.chapters.length)));
    const parts = request.chapters.flatMap((chapter) =>
      extractiveSummary(
        sentences(chapter.text).map((text) => ({ text })),
        per,
      ).map((s) => withEnd(s.text)),
    );
    return joinSentences(
      request.language,
      parts.slice(-Math.max(request.sentences, request.chapters.length)),
    );
  }

  async whoIs(request: WhoRequest): Promise<string> {
    return joinSentences(
      request.language,
      request.passages.map((passage) => withEnd(passage.text)),
    );
  }
}

function withEnd(raw: string): string {
  // A quote cut from "…," said Mira ends on its comma.
  const text = raw.replace(/[,，;；:：、\s]+$/u, '');
  return /[。！？!?.…”"’']$/.test(text) ? text : `${text}${isCjk(text) ? '。' : '.'}`;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
