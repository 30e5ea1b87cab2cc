import { describe, expect, it } from 'vitest';
import { mediaUrl } from './media-url';

describe('mediaUrl', () => {
  it('keeps media paths relative on the same origin', () => {
    expect(mediaUrl('/media/ab/cd/x_xfile.webp', '')).toBe('/media/ab/cd/x_xfile.webp');
    expect(mediaUrl('media/a.jpg', null)).toBe('/media/a.jpg');
  });

  it('prefixes the mirror host the session talks to', () => {
    expect(mediaUrl('/media/a.jpg', 'https://m1.example.com/')).toBe('https://m1.example.com/media/a.jpg');
  });

  it('passes absolute, data and blob URLs and empty paths through', () => {
    expect(mediaUrl('https://cdn.example.com/a.jpg', 'https://h')).toBe('https://cdn.example.com/a.jpg');
    expect(mediaUrl('//cdn.example.com/a.jpg', 'https://h')).toBe('//cdn.example.com/a.jpg');
    expect(mediaUrl('data:image/png;base64,AA', 'https://h')).toBe('data:image/png;base64,AA');
    expect(mediaUrl('blob:http://x/1', 'https://h')).toBe('blob:http://x/1');
    expect(mediaUrl('  ', 'https://h')).toBe('');
  });
});
