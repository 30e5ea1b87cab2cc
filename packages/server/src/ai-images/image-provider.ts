/** What every AI cos image provider does: one photo and a style in, one image out. */
export interface ImageRequest {
  /** The source photo or cover (decoded bytes: JPEG, PNG, …). */
  image: Buffer;
  style: string;
  /** A prompt describing the style, for providers that take one. */
  prompt: string;
  seed: number;
  signal: AbortSignal;
  /** 0–100, as far as the provider can tell. */
  onProgress(percent: number): void;
}

export interface ImageProvider {
  readonly name: string;
  generate(request: ImageRequest): Promise<Buffer>;
}

/** A failure worth trying again (a 5xx, a refused connection); anything else fails the job at once. */
export class TransientProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientProviderError';
  }
}

export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Turns an HTTP error answer into a ProviderError with the server's own message when it sent one. */
export async function httpFailure(provider: string, response: Response): Promise<Error> {
  let detail = '';
  try {
    const text = await response.text();
    try {
      const json = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
      detail =
        typeof json.error === 'string'
          ? json.error
          : (json.error?.message ?? json.message ?? text.slice(0, 200));
    } catch {
      detail = text.slice(0, 200);
    }
  } catch {
    // The body could not be read; the status says enough.
  }
  const message = `${provider} answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`;
  return response.status >= 500 || response.status === 429
    ? new TransientProviderError(message)
    : new ProviderError(message);
}

/** A fetch whose network failures (refused, reset) count as transient. */
export async function providerFetch(provider: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((init.signal as AbortSignal | undefined)?.aborted) throw error;
    throw new TransientProviderError(`${provider} could not be reached: ${(error as Error).message}`);
  }
}
