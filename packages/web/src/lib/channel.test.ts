import { describe, expect, it } from 'vitest';
import { getChannelCode, hashQuery, launchChannelCode, parseChannelCode, withChannelCode } from './channel';

describe('channel code', () => {
  it('reads channelCode, then channel', () => {
    expect(parseChannelCode('?channelCode=abc')).toBe('abc');
    expect(parseChannelCode('channel=x_1-2')).toBe('x_1-2');
    expect(parseChannelCode('?channel=b&channelCode=a')).toBe('a');
  });

  it('ignores empty or malformed values', () => {
    expect(parseChannelCode('')).toBeNull();
    expect(parseChannelCode('?channelCode=')).toBeNull();
    expect(parseChannelCode('?channelCode=%3Cscript%3E')).toBeNull();
    expect(parseChannelCode(`?channel=${'a'.repeat(65)}`)).toBeNull();
  });

  it('finds the code before or inside the hash, page query first', () => {
    expect(hashQuery('#/pages/home/home?tab=1&channel=h')).toBe('?tab=1&channel=h');
    expect(launchChannelCode('', '#/pages/home/home?channel=h')).toBe('h');
    expect(launchChannelCode('?channelCode=s', '#/?channel=h')).toBe('s');
    expect(launchChannelCode('', '#/')).toBeNull();
  });

  it('defaults to 51dm when nothing is stored', () => {
    expect(getChannelCode()).toBe('51dm');
  });

  it('adds channelCode to the download link', () => {
    expect(withChannelCode('https://dl.example.com/app.apk?v=2', '51dm')).toBe(
      'https://dl.example.com/app.apk?v=2&channelCode=51dm',
    );
    expect(withChannelCode('', '51dm')).toBe('');
  });
});
