/**
 * "Test connection" for the chat model: sends one tiny, real chat request to an
 * OpenAI-compatible server (POST {base}/v1/chat/completions, not streamed) and reports how long it
 * took and what it answered, or the error as the server (or the network) put it. Used with the
 * configured endpoint, or with one the operator types before putting it in the environment.
 */
import type { AiChatConfig } from '../../config.js';

export interface ChatEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string;
}

export interface ChatTestResult {
  ok: boolean;
  /** Which endpoint was tried (the base URL as typed or configured; never the key). */
  baseUrl: string;
  model: string;
  latencyMs: number;
  /** The start of the model's answer when ok. */
  reply: string;
  /** What went wrong, in the words of the server or the network, when not ok. */
  error: string;
}

export interface ChatTestInput {
  baseUrl?: string | undefined;
  model?: string | undefined;
  apiKey?: string | undefined;
}

const TEST_TIMEOUT_MS = 20_000;

/**
 * The endpoint to try: typed fields win over the configured ones. The configured key goes only to
 * the configured server: typing another URL must not send the deployment's secret elsewhere.
 */
export function endpointFor(input: ChatTestInput, config: AiChatConfig | undefined): ChatEndpoint | null {
  const configured = config?.provider === 'openai' ? config : undefined;
  const baseUrl = (input.baseUrl?.trim() || configured?.baseUrl || '')
    .replace(/\/+$/, '')
    .replace(/\/v1$/, '');
  if (!baseUrl) return null;
  const sameServer = configured !== undefined && baseUrl === configured.baseUrl;
  return {
    baseUrl,
    model: input.model?.trim() || configured?.model || '',
    apiKey: input.apiKey?.trim() || (sameServer ? configured.apiKey : ''),
  };
}

export async function testChatEndpoint(endpoint: ChatEndpoint): Promise<ChatTestResult> {
  const started = performance.now();
  const result = (ok: boolean, reply: string, error: string): ChatTestResult => ({
    ok,
    baseUrl: endpoint.baseUrl,
    model: endpoint.model,
    latencyMs: Math.round(performance.now() - started),
    reply: reply.slice(0, 200),
    error: error.slice(0, 500),
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (endpoint.apiKey) headers['authorization'] = `Bearer ${endpoint.apiKey}`;
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: endpoint.model,
        stream: false,
        max_tokens: 16,
        messages: [{ role: 'user', content: 'Reply with the single word: OK' }],
      }),
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    });
  } catch (error) {
    return result(false, '', networkError(error));
  }
  const body = await response.text().catch(() => '');
  if (!response.ok) return result(false, '', `HTTP ${response.status}: ${errorText(body)}`);
  let json: { choices?: { message?: { content?: unknown } }[] };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    return result(
      false,
      '',
      `The answer is not JSON (is this an OpenAI-compatible server?): ${body.slice(0, 200)}`,
    );
  }
  const content = json.choices?.[0]?.message?.content;
  if (typeof content !== 'string')
    return result(false, '', `The answer has no choices[0].message.content: ${body.slice(0, 200)}`);
  return result(true, content.trim(), '');
}

function networkError(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `No answer within ${TEST_TIMEOUT_MS / 1000} s`;
  // fetch's own message is "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, …) is its cause.
  const cause = error instanceof Error ? (error.cause as { message?: string } | undefined) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return cause?.message ? `${message}: ${cause.message}` : message;
}

function errorText(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: string } | string };
    const error = json.error;
    if (typeof error === 'string') return error;
    if (error?.message) return error.message;
  } catch {
    // Not JSON: the body as it came.
  }
  return body.slice(0, 300) || '(empty body)';
}
