/**
 * An OpenAI-compatible images client (OpenAI, LocalAI and the like): the photo goes to
 * POST {base}/v1/images/edits with the style's prompt; the answer carries `b64_json` or a `url`
 * that is fetched. 5xx, 429 and unreachable servers are transient (the runner retries them).
 */
import type { ImageProvider, ImageRequest } from './image-provider.js';
import { httpFailure, ProviderError, providerFetch } from './image-provider.js';

interface ImagesAnswer {
  data?: { b64_json?: string; url?: string }[];
  error?: { message?: string };
}

export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'openai';

  constructor(private readonly options: { baseUrl: string; apiKey: string; model: string }) {}

  async generate(request: ImageRequest): Promise<Buffer> {
    const form = new FormData();
    form.set('model', this.options.model);
    form.set('prompt', request.prompt);
    form.set('n', '1');
    form.set('size', '1024x1024');
    form.set('response_format', 'b64_json');
    form.set('image', new Blob([new Uint8Array(request.image)], { type: 'image/png' }), 'photo.png');
    const headers: Record<string, string> = {};
    if (this.options.apiKey) headers['authorization'] = `Bearer ${this.options.apiKey}`;
    request.onProgress(20);
    const response = await providerFetch('The image server', `${this.options.baseUrl}/v1/images/edits`, {
      method: 'POST',
      headers,
      body: form,
      signal: request.signal,
    });
    if (!response.ok) throw await httpFailure('The image server', response);
    const answer = (await response.json()) as ImagesAnswer;
    if (answer.error) throw new ProviderError(`The image server refused: ${answer.error.message ?? 'error'}`);
    const first = answer.data?.[0];
    request.onProgress(80);
    if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
    if (first?.url) {
      const image = await providerFetch('The image server', first.url, { signal: request.signal });
      if (!image.ok) throw await httpFailure('The image server', image);
      return Buffer.from(await image.arrayBuffer());
    }
    throw new ProviderError('The image server answered without an image');
  }
}
