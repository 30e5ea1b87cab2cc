import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../testing/openai-peer.js';
import { OpenAiChatProvider } from './ai-chat-openai.js';
import type { ChatRequest } from './ai-chat-provider.js';

let peer: OpenAiPeer;
let provider: OpenAiChatProvider;
beforeAll(async () => {
  peer = await startOpenAiPeer();
  provider = new OpenAiChatProvider({ baseUrl: peer.baseUrl, apiKey: 'sk-test', model: 'tiny' });
});
afterAll(() => peer.close());

const request: ChatRequest = {
  grounding: {
    title: 'Moon',
    language: 'en',
    summary: 'A tale.',
    chapters: [{ title: 'One', text: 'Mira sings.' }],
  },
  character: 'Mira',
  isNarrator: false,
  history: [
    { role: 'user', text: 'Hi' },
    { role: 'character', text: 'Hello.' },
  ],
  message: 'Do you sing?',
};

async function collect(signal = AbortSignal.timeout(5000)): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of provider.streamReply(request, signal)) chunks.push(chunk);
  return chunks;
}

describe('OpenAI-compatible chat client against a loopback server', () => {
  it('streams the deltas in order up to [DONE], sending the grounding, history, model and key', async () => {
    peer.mode = 'ok';
    peer.reply = 'I sing every night.';
    expect(await collect()).toEqual(['I ', 'sing ', 'every ', 'night.']);
    const sent = peer.requests.at(-1)!;
    expect(sent).toMatchObject({ model: 'tiny', stream: true });
    expect(sent.messages[0]!.content).toContain('Mira sings.');
    expect(sent.messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(peer.authorization.at(-1)).toBe('Bearer sk-test');
  });

  it('answers a summary without streaming', async () => {
    peer.mode = 'ok';
    peer.reply = 'Mira sings.';
    expect(
      await provider.summarise(
        { language: 'en', chapters: request.grounding.chapters, sentences: 2 },
        AbortSignal.timeout(5000),
      ),
    ).toBe('Mira sings.');
    expect(peer.requests.at(-1)!.stream).toBe(false);
  });

  it('rejects on HTTP 500, on an error object mid-stream, and when the time limit passes', async () => {
    peer.mode = 'http500';
    await expect(collect()).rejects.toThrow(/HTTP 500.*model crashed/);
    peer.mode = 'midstream-error';
    await expect(collect()).rejects.toThrow(/mid-stream: out of memory/);
    peer.mode = 'hang';
    await expect(collect(AbortSignal.timeout(300))).rejects.toThrow();
    await expect(
      provider.summarise({ language: 'en', chapters: [], sentences: 1 }, AbortSignal.timeout(300)),
    ).rejects.toThrow();
  });
});
