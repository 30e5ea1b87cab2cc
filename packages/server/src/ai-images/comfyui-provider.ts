/**
 * A ComfyUI client: the photo is uploaded (POST /upload/image), the operator's workflow (API
 * format JSON, AI_COMFYUI_WORKFLOW) is queued with POST /prompt after filling its placeholders
 * ("{{image}}", "{{prompt}}", "{{seed}}" as whole string values), /history/{prompt_id} is polled
 * until an output image appears, and GET /view fetches it.
 */
import { readFile } from 'node:fs/promises';
import type { ImageProvider, ImageRequest } from './image-provider.js';
import { httpFailure, ProviderError, providerFetch } from './image-provider.js';

interface HistoryEntry {
  status?: { status_str?: string; completed?: boolean; messages?: unknown[] };
  outputs?: Record<string, { images?: { filename: string; subfolder?: string; type?: string }[] }>;
}

const NAME = 'ComfyUI';

function fill(node: unknown, values: Record<string, string | number>): unknown {
  if (typeof node === 'string') {
    const match = /^\{\{(\w+)\}\}$/.exec(node);
    return match && match[1]! in values ? values[match[1]!] : node;
  }
  if (Array.isArray(node)) return node.map((item) => fill(item, values));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, fill(item, values)]));
  return node;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      { once: true },
    );
  });

export class ComfyUiImageProvider implements ImageProvider {
  readonly name = 'comfyui';

  constructor(private readonly options: { url: string; workflowPath: string; pollMs?: number }) {}

  async generate(request: ImageRequest): Promise<Buffer> {
    const base = this.options.url;
    const workflow = JSON.parse(await readFile(this.options.workflowPath, 'utf8')) as unknown;
    const form = new FormData();
    form.set(
      'image',
      new Blob([new Uint8Array(request.image)], { type: 'image/png' }),
      `dm51-${request.seed}.png`,
    );
    form.set('overwrite', 'true');
    const upload = await providerFetch(NAME, `${base}/upload/image`, {
      method: 'POST',
      body: form,
      signal: request.signal,
    });
    if (!upload.ok) throw await httpFailure(NAME, upload);
    const { name } = (await upload.json()) as { name: string };
    request.onProgress(15);

    const queued = await providerFetch(NAME, `${base}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: fill(workflow, { image: name, prompt: request.prompt, seed: request.seed }),
        client_id: 'dm51',
      }),
      signal: request.signal,
    });
    if (!queued.ok) throw await httpFailure(NAME, queued);
    const { prompt_id: promptId, error } = (await queued.json()) as { prompt_id?: string; error?: unknown };
    if (!promptId) throw new ProviderError(`${NAME} refused the workflow: ${JSON.stringify(error ?? {})}`);

    for (let round = 0; ; round += 1) {
      await sleep(this.options.pollMs ?? 1000, request.signal);
      const history = await providerFetch(NAME, `${base}/history/${encodeURIComponent(promptId)}`, {
        signal: request.signal,
      });
      if (!history.ok) throw await httpFailure(NAME, history);
      const entry = ((await history.json()) as Record<string, HistoryEntry>)[promptId];
      if (entry?.status?.status_str === 'error')
        throw new ProviderError(`${NAME} failed to run the workflow`);
      const image = Object.values(entry?.outputs ?? {})
        .flatMap((output) => output.images ?? [])
        .at(0);
      if (image) {
        const query = new URLSearchParams({
          filename: image.filename,
          subfolder: image.subfolder ?? '',
          type: image.type ?? 'output',
        });
        const view = await providerFetch(NAME, `${base}/view?${query}`, { signal: request.signal });
        if (!view.ok) throw await httpFailure(NAME, view);
        return Buffer.from(await view.arrayBuffer());
      }
      request.onProgress(Math.min(90, 20 + round * 5));
    }
  }
}
