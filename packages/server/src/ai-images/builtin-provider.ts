/** The built-in provider: our own sharp filters (style-filters.ts), no GPU, no network. */
import type { ImageProvider, ImageRequest } from './image-provider.js';
import { ProviderError } from './image-provider.js';
import { isBuiltinStyle, stylise } from './style-filters.js';

export class BuiltinImageProvider implements ImageProvider {
  readonly name = 'builtin';

  async generate(request: ImageRequest): Promise<Buffer> {
    if (!isBuiltinStyle(request.style)) throw new ProviderError(`Unknown style ${request.style}`);
    request.onProgress(30);
    const image = await stylise(request.image, request.style, request.seed);
    request.onProgress(90);
    return image;
  }
}
