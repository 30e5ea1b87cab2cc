/**
 * Loopback peers for AI cos tests: real node:http servers speaking the OpenAI images API and the
 * ComfyUI API, each switchable to fail (HTTP 500 / error JSON) or hang (timeouts); a sample photo;
 * and a multipart upload through the test client's envelope.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { TestApp } from './test-app.js';
import type { CallResult, TestClient, TestSession } from './test-client.js';

export type PeerMode = 'ok' | 'fail' | 'error-json' | 'hang' | 'flaky';

export interface Peer {
  url: string;
  mode: PeerMode;
  requests: string[];
  close(): Promise<void>;
}

/** A 320×240 photo-like picture: gradients and shapes, so every filter has edges and tones. */
export async function samplePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f6c"/><stop offset="1" stop-color="#36c"/></linearGradient></defs>
    <rect width="320" height="240" fill="url(#g)"/>
    <circle cx="160" cy="110" r="70" fill="#fdd6b5"/><circle cx="135" cy="100" r="9" fill="#222"/>
    <circle cx="185" cy="100" r="9" fill="#222"/><path d="M130 140 Q160 165 190 140" stroke="#a33" stroke-width="6" fill="none"/>
    <rect x="60" y="190" width="200" height="40" fill="#2a5"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: Server) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** POST /v1/images/edits and /v1/images/generations answering b64_json (or failing). */
export async function startOpenAiImagesPeer(mode: PeerMode = 'ok'): Promise<Peer> {
  const result = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c3f' } })
    .png()
    .toBuffer();
  let flakyLeft = 1;
  const peer: Peer = { url: '', mode, requests: [], close: async () => {} };
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      peer.requests.push(`${request.method} ${request.url} ${body.length}`);
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (!request.url?.startsWith('/v1/images/')) return send(404, { error: { message: 'not found' } });
      if (peer.mode === 'hang') return; // never answers: the job's time limit must end it
      if (peer.mode === 'fail') return send(500, { error: { message: 'GPU on fire' } });
      if (peer.mode === 'error-json') return send(400, { error: { message: 'content policy violation' } });
      if (peer.mode === 'flaky' && flakyLeft-- > 0) return send(503, { error: { message: 'busy' } });
      send(200, { created: 1, data: [{ b64_json: result.toString('base64') }] });
    });
  });
  peer.url = await listen(server);
  peer.close = closer(server);
  return peer;
}

/** /upload/image, /prompt, /history/{id} (pending once, then done) and /view. */
export async function startComfyUiPeer(mode: PeerMode = 'ok'): Promise<Peer> {
  const result = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#3c9' } })
    .png()
    .toBuffer();
  const polls = new Map<string, number>();
  const peer: Peer = { url: '', mode, requests: [], close: async () => {} };
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://x');
      peer.requests.push(`${request.method} ${url.pathname} ${body.toString('utf8').slice(0, 400)}`);
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (url.pathname === '/upload/image')
        return send(200, { name: 'dm51.png', subfolder: '', type: 'input' });
      if (url.pathname === '/prompt') {
        if (peer.mode === 'fail') return send(500, { error: 'queue broken' });
        if (peer.mode === 'error-json')
          return send(400, { error: { type: 'prompt_outputs_failed_validation', message: 'bad node' } });
        const id = randomBytes(4).toString('hex');
        polls.set(id, 0);
        return send(200, { prompt_id: id, number: 1 });
      }
      if (url.pathname.startsWith('/history/')) {
        const id = url.pathname.slice('/history/'.length);
        const seen = (polls.get(id) ?? 0) + 1;
        polls.set(id, seen);
        if (peer.mode === 'hang' || seen < 2) return send(200, {});
        return send(200, {
          [id]: {
            status: { status_str: 'success', completed: true },
            outputs: { '9': { images: [{ filename: 'out.png', subfolder: '', type: 'output' }] } },
          },
        });
      }
      if (url.pathname === '/view') {
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(result);
      }
      send(404, {});
    });
  });
  peer.url = await listen(server);
  peer.close = closer(server);
  return peer;
}

/** A multipart call (photo in `file`, the sealed request in `data`), as the web client sends it. */
export async function uploadCall<T>(
  ctx: TestApp,
  client: TestClient,
  path: string,
  file: Buffer,
  payload: Record<string, unknown>,
  session: TestSession,
): Promise<CallResult<T>> {
  const boundary = `----dm51ai${randomBytes(8).toString('hex')}`;
  const sealed = client.envelope.seal({ ...client.mergedFields(session), ...payload });
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${sealed}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const json = response.json<{ code: number; msg: string; data: unknown }>();
  const data = typeof json.data === 'string' ? (client.envelope.open(json.data) as T) : null;
  return { status: response.statusCode, code: json.code, msg: json.msg, data };
}
