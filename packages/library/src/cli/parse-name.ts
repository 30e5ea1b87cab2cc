import { createInterface } from 'node:readline';
import { parseName } from '../names/name-parser.js';

/**
 * `npm run --silent parse-name`: one path per line on stdin, one JSON object per line on stdout,
 * in input order. Blank lines are echoed as blank lines so outputs stay aligned with inputs.
 */
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const path = line.trim();
  process.stdout.write(path === '' ? '\n' : `${JSON.stringify(parseName(path))}\n`);
}
