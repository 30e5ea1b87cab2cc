/**
 * An OpenAI-compatible chat client (POST {base}/v1/chat/completions), which also serves Ollama,
 * llama.cpp's server, vLLM and LocalAI. Streams with `stream: true`, parsing SSE `data:` lines up to
 * `[DONE]`; an HTTP error, an `error` object mid-stream or the caller's abort (the timeout) rejects.
 */
import type { ChatProvider, ChatRequest, Grounding, SummaryRequest, WhoRequest } from './ai-chat-provider.js';

export interface OpenAiChatOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** The grounding handed to a model; long works are cut from the start so the latest chapters stay. */
const GROUNDING_CHARS = 12_000;

export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

export function groundingText(grounding: Grounding): string {
  const chapters = grounding.chapters.map((chapter) => `## ${chapter.title}\n${chapter.text}`).join('\n\n');
  return `# ${grounding.title}\n${grounding.summary}\n\n${chapters.slice(-GROUNDING_CHARS)}`;
}

export function chatMessages(request: ChatRequest): { role: string; content: string }[] {
  const { grounding, character, isNarrator } = request;
  const who = isNarrator
    ? `the narrator of "${grounding.title}"`
    : `${character}, a character of "${grounding.title}"`;
  const system = [
    `You are ${who}. Stay in character and answer briefly in the language of the story (${grounding.language}).`,
    'Use only what the story below tells; it ends where the reader has read, so never reveal or guess anything that happens later.',
    groundingText(grounding),
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    ...request.history.map((turn) => ({
      role: turn.role === 'user' ? 'user' : 'assistant',
      content: turn.text,
    })),
    { role: 'user', content: request.message },
  ];
}

export class OpenAiChatProvider implements ChatProvider {
  readonly name = 'openai';

  constructor(private readonly options: OpenAiChatOptions) {}

  get model(): string {
    return this.options.model;
  }

  private async post(body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers['authorization'] = `Bearer ${this.options.apiKey}`;
    const response = await fetch(`${this.options.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: this.options.model, ...body }),
      signal,
    });
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new ProviderError(`chat provider answered HTTP ${response.status}: ${text.slice(0, 200)}`);
    }
    return response;
  }

  async *streamReply(request: ChatRequest, signal: AbortSignal): AsyncIterable<string> {
    const response = await this.post({ messages: chatMessages(request), stream: true }, signal);
    if (!response.body) throw new ProviderError('chat provider sent no body');
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        const text = deltaOf(data);
        if (text) yield text;
      }
    }
    // A stream that ends without [DONE] (some servers) is complete when its last line was parsed.
    const rest = buffer.trim();
    if (rest.startsWith('data:') && rest.slice(5).trim() !== '[DONE]') {
      const text = deltaOf(rest.slice(5).trim());
      if (text) yield text;
    }
  }

  async summarise(request: SummaryRequest, signal: AbortSignal): Promise<string> {
    const text = request.chapters.map((chapter) => `## ${chapter.title}\n${chapter.text}`).join('\n\n');
    return this.complete(
      `Summarise the story text in about ${request.sentences} sentences, in its own language (${request.language}). Use only the text given.`,
      text.slice(-GROUNDING_CHARS),
      signal,
    );
  }

  /** The prompt carries only the passages that mention the name: nothing later can leak in. */
  async whoIs(request: WhoRequest, signal: AbortSignal): Promise<string> {
    const passages = request.passages.map((p) => `- (${p.chapter}) ${p.text}`).join('\n');
    return this.complete(
      [
        `In two or three sentences, in the story's own language (${request.language}), say who "${request.name}" is.`,
        'Use only the passages given, quoted from the story so far; do not guess or tell anything they do not say.',
      ].join(' '),
      passages.slice(0, GROUNDING_CHARS),
      signal,
    );
  }

  private async complete(system: string, user: string, signal: AbortSignal): Promise<string> {
    const response = await this.post(
      {
        stream: false,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      },
      signal,
    );
    const json = (await response.json()) as {
      choices?: { message?: { content?: string } }[];
      error?: unknown;
    };
    const content = json.choices?.[0]?.message?.content;
    if (typeof content !== 'string')
      throw new ProviderError(`chat provider answered no content: ${errorOf(json)}`);
    return content.trim();
  }
}

function deltaOf(data: string): string {
  let json: { choices?: { delta?: { content?: string } }[]; error?: unknown };
  try {
    json = JSON.parse(data) as typeof json;
  } catch {
    throw new ProviderError(`chat provider sent a line that is not JSON: ${data.slice(0, 100)}`);
  }
  if (json.error) throw new ProviderError(`chat provider failed mid-stream: ${errorOf(json)}`);
  return json.choices?.[0]?.delta?.content ?? '';
}

function errorOf(json: { error?: unknown }): string {
  const error = json.error as { message?: string } | string | undefined;
  return typeof error === 'string' ? error : (error?.message ?? 'unknown error');
}
