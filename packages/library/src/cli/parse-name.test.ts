import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('npm run parse-name', () => {
  it('prints one JSON object per input line', () => {
    const out = execFileSync('npm', ['run', '--silent', 'parse-name'], {
      cwd: packageDir,
      input: 'Series v01 c003.cbz\n\nanime/Show/Show - 02 [1080p].mkv\n',
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(out.split('\n')).toEqual([
      JSON.stringify({ series: 'Series', volume: '1', chapter: '3', episode: null, special: false }),
      '',
      JSON.stringify({ series: 'Show', volume: null, chapter: null, episode: '2', special: false }),
      '',
    ]);
  });
});
