/** Picks the image provider from the configuration, and the style list it offers. */
import type { AiImageConfig } from './ai-image-config.js';
import { BuiltinImageProvider } from './builtin-provider.js';
import { ComfyUiImageProvider } from './comfyui-provider.js';
import type { ImageProvider } from './image-provider.js';
import { OpenAiImageProvider } from './openai-provider.js';

export function createImageProvider(config: AiImageConfig): ImageProvider {
  if (config.provider === 'openai') return new OpenAiImageProvider(config.openai);
  if (config.provider === 'comfyui') return new ComfyUiImageProvider(config.comfyui);
  return new BuiltinImageProvider();
}

/** The styles, their credit cost and the prompt model providers get (the filter ignores it). */
export const AI_STYLES = [
  {
    key: 'anime',
    name: 'Anime',
    cost: 2,
    prompt: 'anime cel-shaded portrait, clean line art, vivid flat colours',
  },
  {
    key: 'manga',
    name: 'Manga',
    cost: 2,
    prompt: 'black and white manga panel, screentone shading, ink lines',
  },
  {
    key: 'watercolor',
    name: 'Watercolour',
    cost: 2,
    prompt: 'soft watercolour illustration on textured paper',
  },
  { key: 'pixel', name: 'Pixel art', cost: 1, prompt: '16-colour pixel art sprite, hard edges' },
] as const;

/** Credit packs sold for coins. */
export const AI_PACKS = [
  { key: 'small', coins: 30, credits: 10 },
  { key: 'medium', coins: 80, credits: 30 },
  { key: 'large', coins: 200, credits: 90 },
] as const;
