import { afterEach, describe, expect, it, vi } from 'vitest';
import { readReplyStream } from './ai-chat';

/** A fetch answering an SSE body cut into the given pieces (events split across reads). */
function sseFetch(pieces: string[]) {
  return vi.fn(async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('readReplyStream', () => {
  it('hands over each event as it completes, even when an event is split across reads', async () => {
    vi.stubGlobal(
      'fetch',
      sseFetch([
        'data: {"type":"chunk","text":"Hel',
        'lo "}\n\ndata: {"type":"chunk","text":"world"}\n',
        '\ndata: {"type":"done","message_id":7,"text":"Hello world"}\n\n',
      ]),
    );
    const seen: string[] = [];
    const last = await readReplyStream('/v3/ai/stream/t', (e) =>
      seen.push(e.type === 'chunk' ? e.text : e.type),
    );
    expect(seen).toEqual(['Hello ', 'world', 'done']);
    expect(last).toMatchObject({ type: 'done', message_id: 7 });
  });

  it('answers the error event last', async () => {
    vi.stubGlobal('fetch', sseFetch(['data: {"type":"error","code":1533,"msg":"failed"}\n\n']));
    expect(await readReplyStream('/v3/ai/stream/t', () => {})).toMatchObject({ type: 'error', code: 1533 });
  });
});
