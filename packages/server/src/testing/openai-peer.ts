/**
 * A real OpenAI-compatible chat server on loopback (node:http) for tests: answers
 * POST /v1/chat/completions streaming (SSE `data:` lines, `[DONE]`) or not, and can fail on purpose
 * (HTTP 500, an error object mid-stream, or never finishing so the caller's timeout fires).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type PeerMode = 'ok' | 'http500' | 'midstream-error' | 'hang';

export interface OpenAiPeer {
  baseUrl: string;
  mode: PeerMode;
  /** The reply it streams in `ok` mode, one chunk per word. */
  reply: string;
  /** Pause between streamed words (0: all at once), so a browser test sees a reply arrive. */
  chunkDelayMs: number;
  /** Bodies received, newest last. */
  requests: { messages: { role: string; content: string }[]; stream?: boolean; model?: string }[];
  authorization: string[];
  close(): Promise<void>;
}

export async function startOpenAiPeer(): Promise<OpenAiPeer> {
  const sockets = new Set<Socket>();
  const peer = {
    baseUrl: '',
    mode: 'ok' as PeerMode,
    reply: 'Hello from the model.',
    chunkDelayMs: 0,
    requests: [] as OpenAiPeer['requests'],
    authorization: [] as string[],
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as OpenAiPeer['requests'][number];
      peer.requests.push(parsed);
      peer.authorization.push(request.headers.authorization ?? '');
      if (peer.mode === 'http500') {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'model crashed' } }));
        return;
      }
      if (!parsed.stream) {
        if (peer.mode === 'hang') return;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: peer.reply } }] }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const words = peer.reply.split(/(?<= )/);
      const line = (json: unknown) => response.write(`data: ${JSON.stringify(json)}\n\n`);
      line({ choices: [{ index: 0, delta: { role: 'assistant' } }] });
      line({ choices: [{ index: 0, delta: { content: words[0] } }] });
      if (peer.mode === 'hang') return; // Never ends: the client's timeout must fire.
      if (peer.mode === 'midstream-error') {
        line({ error: { message: 'out of memory', type: 'server_error' } });
        response.end();
        return;
      }
      const finish = () => {
        line({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
        response.end('data: [DONE]\n\n');
      };
      const rest = words.slice(1);
      if (peer.chunkDelayMs <= 0) {
        for (const word of rest) line({ choices: [{ index: 0, delta: { content: word } }] });
        finish();
        return;
      }
      const next = () => {
        if (response.destroyed) return; // The client gave up (its timeout) or the peer closed.
        const word = rest.shift();
        if (word === undefined) return finish();
        line({ choices: [{ index: 0, delta: { content: word } }] });
        setTimeout(next, peer.chunkDelayMs);
      };
      setTimeout(next, peer.chunkDelayMs);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return peer;
}
