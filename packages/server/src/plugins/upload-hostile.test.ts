/**
 * Hostile files on every upload call (the calls registered with `upload`, listed in
 * testing/call-fuzz.ts and checked against the server there): a decompression bomb (a small PNG of
 * 64 M pixels), a file one byte over the call's limit, text named .png, a truncated PNG, and a
 * polyglot (a real PNG with an HTML page and a ZIP appended). Each is refused with UPLOAD_INVALID
 * (1007) or another clear code and changes nothing (no row, no stored file); a polyglot that is
 * accepted is re-encoded, so nothing of the appended page is ever stored or served.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  AI_PHOTO_MAX_BYTES,
  ALL_CALLS,
  ApiCode,
  AVATAR_MAX_BYTES,
  COMMENT_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGE_MAX_BYTES,
  IDENTITY_CARD_MAX_BYTES,
  type CallDefinition,
} from '@dm51/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCall } from '../testing/ai-peers.js';
import { UPLOAD_CALL_PATHS } from '../testing/call-fuzz.js';
import { payloadOf } from '../testing/call-payloads.js';
import { buildChapter, buildWork } from '../testing/catalogue-factory.js';
import { registeredUser } from '../testing/money-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';

/** Each upload call's limit (bytes), from its definition. */
const LIMIT_BYTES: Record<string, number> = {
  '/v3/user/uppic': AVATAR_MAX_BYTES,
  '/v3/comment/upload': COMMENT_IMAGE_MAX_BYTES,
  '/v3/app/feedback_upload': FEEDBACK_IMAGE_MAX_BYTES,
  '/v3/login/identity_login': IDENTITY_CARD_MAX_BYTES,
  '/v3/ai/cos_create': AI_PHOTO_MAX_BYTES,
};

/** How a call refuses a file it cannot use: UPLOAD_INVALID, or what the call's screen explains. */
const REFUSALS: Record<string, number[]> = {
  // The identity-card login reads a QR code: any picture without one is "no QR code found".
  '/v3/login/identity_login': [ApiCode.UPLOAD_INVALID, ApiCode.QR_INVALID],
};

/** Payload fields a call needs beyond its minimal payload to reach the file check. */
const PAYLOADS: Record<string, Record<string, unknown>> = {
  '/v3/ai/cos_create': { style: 'anime', work_id: undefined },
};

let ctx: TestApp;
let client: TestClient;
let user: TestSession;
let workId: number;
let files: Record<string, Buffer>;

const uploadCalls = ALL_CALLS.filter((call) => UPLOAD_CALL_PATHS.has(call.path));

function storedFiles(): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else found.set(path, statSync(path).size);
    }
  };
  walk(ctx.config.dataDir);
  return found;
}

async function rowCounts(): Promise<Record<string, number>> {
  const all = await ctx.db.introspection.getTables();
  // The app's own tables (on PostgreSQL the job queue's schema is listed too, and pg-boss's
  // maintenance may move rows there at any time).
  const appSchema = all.find((table) => table.name === 'works')?.schema;
  const tables = all.filter((table) => table.schema === appSchema);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    // Sessions and rate-limit counters move on every call; they are not what an upload may change.
    if (['sessions', 'rate_limits', 'analytics_events'].includes(table.name)) continue;
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table.name)}`.execute(
      ctx.db,
    );
    counts[table.name] = Number(row.rows[0]!.n);
  }
  return counts;
}

async function upload(call: CallDefinition, file: Buffer) {
  const answer = await uploadCall(
    ctx,
    client,
    call.path,
    file,
    { ...payloadOf(call), ...PAYLOADS[call.path] },
    user,
  );
  return { status: answer.status, code: answer.code };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  user = await registeredUser(ctx.db, client);
  const work = await buildWork(ctx.db, null, { title: 'Upload target' });
  await buildChapter(ctx.db, { workId: work.id });
  workId = work.id;

  const smallPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const page = Buffer.from('<html><body><script>alert("polyglot")</script></body></html>');
  // A ZIP's end-of-central-directory record: the file also opens as an (empty) archive.
  const zipEnd = Buffer.from('504b0506000000000000000000000000000000000000', 'hex');
  files = {
    bomb: await sharp({ create: { width: 8_000, height: 8_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
    text: Buffer.from('this is not an image, whatever its name says\n'),
    truncated: smallPng.subarray(0, Math.floor(smallPng.length / 2)),
    polyglot: Buffer.concat([smallPng, page, zipEnd]),
  };
}, 60_000);
afterAll(async () => ctx?.close());

describe('hostile files on every upload call', () => {
  it('covers every upload call', () => {
    expect(uploadCalls.map((call) => call.path).sort()).toEqual(Object.keys(LIMIT_BYTES).sort());
    expect(workId).toBeGreaterThan(0);
  });

  it.each(uploadCalls.map((call) => [call.path, call] as const))(
    '%s refuses bombs, oversized, non-image and truncated files and changes nothing',
    async (path, call) => {
      const oversized = Buffer.concat([
        files.polyglot!,
        Buffer.alloc(LIMIT_BYTES[path]! + 1 - files.polyglot!.length),
      ]);
      for (const [name, file] of [
        ...Object.entries(files).filter(([n]) => n !== 'polyglot'),
        ['oversized', oversized] as const,
      ]) {
        const rowsBefore = await rowCounts();
        const filesBefore = storedFiles();
        const answer = await upload(call, file as Buffer);
        expect(answer.status, `${path} ${name}`).toBeLessThan(500);
        expect(REFUSALS[path] ?? [ApiCode.UPLOAD_INVALID], `${path} ${name}: ${answer.code}`).toContain(
          answer.code,
        );
        expect(await rowCounts()).toEqual(rowsBefore);
        const filesAfter = storedFiles();
        const added = [...filesAfter.keys()].filter(
          (file) => !filesBefore.has(file) && !file.endsWith('-wal') && !file.endsWith('-shm'),
        );
        expect(added, `${path} ${name}`).toEqual([]);
      }
    },
    60_000,
  );

  it.each(uploadCalls.map((call) => [call.path, call] as const))(
    '%s never stores the page hidden in a polyglot',
    async (path, call) => {
      const answer = await upload(call, files.polyglot!);
      expect(answer.status, path).toBeLessThan(500);
      for (const [file] of storedFiles()) {
        if (file.endsWith('.db') || file.endsWith('-wal') || file.endsWith('-shm')) continue;
        expect(readFileSync(file).includes('polyglot'), `${path} stored ${file}`).toBe(false);
      }
    },
    60_000,
  );
});
