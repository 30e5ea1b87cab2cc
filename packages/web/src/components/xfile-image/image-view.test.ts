import { describe, expect, it } from 'vitest';
import { imageView } from './image-view';

describe('imageView', () => {
  it('shows the empty state, never the retry, for a work without a cover', () => {
    expect(imageView('', 'error', false)).toBe('empty');
    expect(imageView('   ', 'error', false)).toBe('empty');
    expect(imageView('', 'loaded', true)).toBe('empty');
  });

  it('offers the retry only when a real image failed', () => {
    expect(imageView('/media/covers/a_xfile.jpg', 'error', false)).toBe('error');
    expect(imageView('/media/covers/a.jpg', 'loaded', true)).toBe('error');
  });

  it('shows the image while it loads and once loaded', () => {
    expect(imageView('/media/covers/a_xfile.jpg', 'loading', false)).toBe('image');
    expect(imageView('/media/covers/a_xfile.jpg', 'idle', false)).toBe('image');
    expect(imageView('/media/covers/a_xfile.jpg', 'loaded', false)).toBe('image');
  });
});
