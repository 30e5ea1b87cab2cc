import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { samplePhoto } from '../testing/ai-peers.js';
import { BUILTIN_STYLES, stylise } from './style-filters.js';

describe('built-in AI cos styles', () => {
  it('makes real images, different per style and identical for the same seed', async () => {
    const photo = await samplePhoto();
    const outputs = new Map<string, Buffer>();
    for (const style of BUILTIN_STYLES) {
      const image = await stylise(photo, style, 42);
      const meta = await sharp(image).metadata();
      expect(meta.width).toBeGreaterThanOrEqual(320);
      expect(meta.height).toBeGreaterThan(200);
      expect(await stylise(photo, style, 42)).toEqual(image);
      outputs.set(style, image);
    }
    // Different styles differ in their pixels, not just their bytes.
    const pixels = await Promise.all(
      [...outputs.values()].map((image) =>
        sharp(image).resize(64, 48, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
      ),
    );
    for (let a = 0; a < pixels.length; a += 1)
      for (let b = a + 1; b < pixels.length; b += 1) {
        let diff = 0;
        for (let i = 0; i < pixels[a]!.length; i += 1) diff += Math.abs(pixels[a]![i]! - pixels[b]![i]!);
        expect(diff / pixels[a]!.length).toBeGreaterThan(8);
      }
    // Manga is greyscale; another seed changes the screentone.
    const manga = await sharp(outputs.get('manga')!).raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < 3000; i += 3) expect(manga.data[i]).toBe(manga.data[i + 1]);
    expect(await stylise(photo, 'manga', 7)).not.toEqual(outputs.get('manga'));
  });
});
