import type { XfileStatus } from './use-xfile-image';

/**
 * What an image's box shows: 'empty' when there is no image to load at all (the server sends ''
 * for a work without a cover), 'error' only when a real image failed (its fetch or its decoding
 * in the <img>), 'image' otherwise (loading or loaded). An empty source is never an error: no
 * retry could make it succeed.
 */
export type ImageView = 'empty' | 'error' | 'image';

export function imageView(src: string, status: XfileStatus, imgBroken: boolean): ImageView {
  if (src.trim() === '') return 'empty';
  if (status === 'error' || imgBroken) return 'error';
  return 'image';
}
