/**
 * Scale-out: three instances of the real built server behind Debian's HAProxy, on one
 * PostgreSQL database, Redis and an S3-speaking object store (s3rver), all on loopback. The library
 * folder is shared (as an NFS or volume mount would be); nothing else is.
 *
 * 1. The library is imported once, by whichever instance took the job, and every instance serves
 *    its chapters; page images come out of the object store (no instance keeps media on disk).
 * 2. An anime episode is packaged once and plays through the balancer (playlists and segments
 *    from the object store).
 * 3. An instance is SIGKILLed while it imports new comics and clients are writing: every write the
 *    clients saw acknowledged is in the database, the import finishes on another instance, and the
 *    clients saw nothing worse than requests they retried.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEnvelope, xorBytes } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoLibrary } from '../packages/server/src/demo/demo-library.js';
import { writeCbz } from '../packages/server/src/import/testing/library-fixtures.js';
import { queryClusterDb, startCluster, type RunningCluster } from './support/cluster.js';
import { E2E_KEYS } from './support/server.js';

const envelope = createEnvelope(E2E_KEYS.envelopeKey, nodeCfbCipher);
let cluster: RunningCluster;
let library: string;

function query<T>(sqlText: string): T[] {
  return queryClusterDb<T>(cluster.databaseUrl, sqlText);
}

interface Answer {
  code: number;
  data: unknown;
  msg?: string;
}

/** One envelope call through `base` (the balancer unless said otherwise). */
async function call(
  path: string,
  payload: Record<string, unknown>,
  base = cluster.baseURL,
): Promise<Answer & { status: number; requestId: string | null }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      data: envelope.seal({
        facility: 'Linux_h5',
        deviceid: 'e2e-cluster-device',
        apikey: E2E_KEYS.apiKey,
        is_guest: 1,
        timestamp: Date.now(),
        ...payload,
      }),
    }).toString(),
  });
  const requestId = response.headers.get('x-request-id');
  if (!response.ok) return { status: response.status, code: 0, data: null, requestId };
  const json = (await response.json()) as { code: number; data: string | null; msg?: string };
  return {
    status: response.status,
    code: json.code,
    msg: json.msg,
    data: json.data ? envelope.open(json.data) : null,
    requestId,
  };
}

type Session = Record<string, unknown> & { user_token: string; user_id: number };

async function guest(deviceid: string): Promise<Session> {
  // A kept-alive socket that HAProxy closes while the import loads the instances fails the fetch with
  // "other side closed" before any request went out; one retry is safe (a device's guest is found again).
  const ask = () => call('/v3/app/init', { user_token: '', user_id: 0, deviceid });
  const init = await ask().catch(() => ask());
  expect(init.code, `init answered HTTP ${init.status} ${init.msg ?? ''}`).toBe(1);
  const data = init.data as { token: string; user: { id: number } };
  return { user_token: data.token, user_id: data.user.id };
}

async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => T | undefined | Promise<T | undefined>,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${cluster.output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function lastImportStatus(): string {
  return (
    query<{ status: string }>('select status from import_runs order by id desc limit 1')[0]?.status ?? ''
  );
}

beforeAll(async () => {
  library = mkdtempSync(join(tmpdir(), 'dm51-cluster-library-'));
  await generateDemoLibrary(library);
  cluster = await startCluster({
    instances: 3,
    env: {
      LIBRARY_DIR: library,
      LIBRARY_WATCH: 'on',
      LIBRARY_WATCH_DEBOUNCE_MS: '500',
      LIBRARY_SETTLE_MS: '500',
      TRANSCODE: 'on',
    },
  });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  if (library) rmSync(library, { recursive: true, force: true });
});

describe('three instances behind HAProxy on PostgreSQL, Redis and S3', () => {
  it('imports the shared library once and serves its chapters from the object store', async () => {
    await waitFor('the library import', 240_000, () => (lastImportStatus() === 'done' ? true : undefined));
    const works = query<{ works: number }>('select count(*)::int works from works')[0]!.works;
    expect(works).toBeGreaterThanOrEqual(24);
    // No duplicate works although three instances watched and started with the same folder.
    const duplicates = query<{ title: string }>('select title from works group by title having count(*) > 1');
    expect(duplicates).toEqual([]);
    // The console lists the run that imported, not a failed job per instance that found it busy.
    const settled = await waitFor('every instance’s start-up import to settle', 60_000, () => {
      const jobs = query<{ state: string; reason: string | null }>('select state, reason from import_jobs');
      return jobs.some((job) => job.state === 'queued' || job.state === 'running') ? undefined : jobs;
    });
    expect(settled.filter((job) => job.state === 'done').length).toBeGreaterThanOrEqual(1);
    expect(settled.filter((job) => /another import is running/.test(job.reason ?? ''))).toEqual([]);

    const session = await guest('e2e-cluster-reader');
    // The session made through the balancer works on every instance, asked directly.
    for (const instance of cluster.instances) {
      const me = await call('/v3/user/index', session, instance.baseURL);
      expect(me.code).toBe(1);
    }
    const [comic] = query<{ chapter: number }>(
      `select c.id chapter from works w join chapters c on c.work_id = w.id
       where w.type = 0 and w.published = 1 and c.pay = 0 order by w.id, c.sort_order limit 1`,
    );
    // Six reads round-robin over the three instances answer the same pages.
    const reads = [];
    for (let i = 0; i < 6; i++)
      reads.push(await call('/v3/comic/read', { ...session, chapter_id: comic!.chapter }));
    for (const read of reads) expect(read.code).toBe(1);
    const pages = (reads[0]!.data as { pages: { url: string }[] }).pages;
    expect(pages.length).toBeGreaterThan(0);
    for (const read of reads) expect((read.data as { pages: unknown }).pages).toEqual(pages);
    // Every request carries the id the balancer gave it (and the instance logged).
    expect(new Set(reads.map((r) => r.requestId)).size).toBe(6);

    // The first page, fetched from each instance directly: the same `_xfile` bytes, a WebP/JPEG.
    const bodies = await Promise.all(
      cluster.instances.map(async (instance) => {
        const response = await fetch(`${instance.baseURL}${pages[0]!.url}`);
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true);
    const decoded = Buffer.from(xorBytes(new Uint8Array(bodies[0]!), E2E_KEYS.imageXorKey));
    expect(decoded.subarray(0, 4).toString('latin1') === 'RIFF' || decoded[0] === 0xff).toBe(true);
    // The media live in the object store, not on any instance's disk.
    for (const instance of cluster.instances) {
      const local = join(instance.dataDir, 'media');
      const files = (() => {
        try {
          return readdirSync(local, { recursive: true });
        } catch {
          return [];
        }
      })();
      expect(files).toEqual([]);
    }
    expect(readdirSync(cluster.s3Dir, { recursive: true }).length).toBeGreaterThan(pages.length);
  }, 300_000);

  it('packages an episode once and plays it through the balancer', async () => {
    const session = await guest('e2e-cluster-viewer');
    const episode = await waitFor('a packaged free episode', 240_000, () => {
      const [row] = query<{ chapter: number }>(
        `select c.id chapter from transcode_jobs j join chapters c on c.id = j.chapter_id
         where j.status = 'ready' and c.pay = 0 order by c.id limit 1`,
      );
      return row;
    });
    // One job per episode, however many instances polled for work.
    const jobs = query<{ n: number }>(
      `select count(*)::int n from transcode_jobs where chapter_id = ${episode.chapter}`,
    );
    expect(jobs[0]!.n).toBe(1);
    const play = await call('/v3/anime/play', { ...session, chapter_id: episode.chapter });
    expect(play.code).toBe(1);
    const { master_url: masterUrl } = play.data as { master_url: string };
    expect(masterUrl).toMatch(/\.m3u8\?t=/);
    const master = await fetch(new URL(masterUrl, cluster.baseURL));
    expect(master.status).toBe(200);
    const variant = (await master.text()).split('\n').find((line) => line.includes('.m3u8'))!;
    const variantUrl = new URL(variant, master.url);
    const playlist = await (await fetch(variantUrl)).text();
    const segment = playlist.split('\n').find((line) => line && !line.startsWith('#'))!;
    const bytes = Buffer.from(await (await fetch(new URL(segment, variantUrl))).arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    // An MPEG-TS segment starts with its sync byte; an fMP4 one with a box.
    expect(
      bytes[0] === 0x47 ||
        bytes
          .subarray(4, 8)
          .toString('latin1')
          .match(/ftyp|moof|styp/) !== null,
    ).toBe(true);
  }, 300_000);

  it('loses no acknowledged write and finishes the import when an instance is SIGKILLed', async () => {
    const comics = query<{ id: number }>('select id from works where type = 0 and published = 1 order by id');
    const before = query<{ n: number }>('select count(*)::int n from works')[0]!.n;

    // New comics copied into the shared folder: the instances notice; one of them imports.
    const NEW_COMICS = 12;
    for (let i = 1; i <= NEW_COMICS; i++) {
      const name = `Burst Series ${String(i).padStart(2, '0')}`;
      await writeCbz(join(library, name, `${name} 001.cbz`), {
        pages: 12,
        size: [800, 1200],
        info: { Series: name, Number: '1', Writer: 'Cluster Test' },
      });
    }
    // The importing instance is the one whose connection holds the import's advisory lock (the
    // others' watchers were refused): its PostgreSQL client port, traced to the process by `ss`.
    const importer = await waitFor('an instance to hold the import lock', 60_000, () => {
      const [holder] = query<{ port: number }>(
        `select a.client_port port from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where l.locktype = 'advisory' and l.granted`,
      );
      if (!holder) return undefined;
      const owner = spawnSync('ss', ['-Htnp', `sport = :${holder.port}`], { encoding: 'utf8' }).stdout;
      const pid = Number(/pid=(\d+)/.exec(owner)?.[1] ?? 0);
      return cluster.instances.find((instance) => instance.pid === pid);
    });
    const doneBefore = cluster.instances.map((i) => (i.output().match(/import done/g) ?? []).length);

    // Twenty guests add comics to their favourites while it runs; each write they saw acknowledged
    // is remembered, and failed ones are retried by the client as a phone would.
    const sessions = await Promise.all(Array.from({ length: 20 }, (_, i) => guest(`e2e-burst-${i}`)));
    const acknowledged: { user: number; work: number }[] = [];
    let retried = 0;
    let running = true;
    const writers = sessions.map(async (session, s) => {
      for (let n = 0; running || n < 3; n++) {
        const work = comics[(s * 7 + n) % comics.length]!.id;
        for (let attempt = 1; ; attempt++) {
          const answer = await call('/v3/cases/add/comic', { ...session, id: work }).catch(() => null);
          if (answer?.code === 1) {
            acknowledged.push({ user: session.user_id, work });
            break;
          }
          retried += 1;
          // Anything but a transport failure or a 5xx from the balancer is a real error.
          if (answer && answer.status < 500) throw new Error(`write refused: ${JSON.stringify(answer)}`);
          if (attempt > 10) throw new Error('a write failed ten times');
          await new Promise((r) => setTimeout(r, 100 * attempt));
        }
      }
    });

    // Killed once the new comics are half in: the import's instance is gone mid-run.
    await waitFor('part of the new comics', 120_000, () => {
      const n = query<{ n: number }>("select count(*)::int n from works where title like 'Burst Series%'")[0]!
        .n;
      return n >= 2 ? n : undefined;
    });
    const killedDuring = query<{ n: number }>(
      "select count(*)::int n from works where title like 'Burst Series%'",
    )[0]!.n;
    await importer.kill();
    await new Promise((r) => setTimeout(r, 3000));
    running = false;
    await Promise.all(writers);

    // The import is taken over by a live instance and finishes: all new comics, each once, whole.
    await waitFor('the import to finish elsewhere', 180_000, () => {
      const n = query<{ n: number }>(
        "select count(*)::int n from works w where w.title like 'Burst Series%' and w.chapter_count = 1",
      )[0]!.n;
      return n === NEW_COMICS && lastImportStatus() === 'done' ? true : undefined;
    });
    expect(killedDuring).toBeLessThan(NEW_COMICS);
    // …by another instance (its log line follows the run's row by a moment).
    await waitFor('another instance to report the import done', 30_000, () =>
      cluster.instances.find(
        (instance, i) =>
          instance !== importer && (instance.output().match(/import done/g) ?? []).length > doneBefore[i]!,
      ),
    );
    expect(importer.alive()).toBe(false);
    // What the console lists, whichever instance answers: the killed instance's job closed as
    // failed (it stopped), none of its jobs left looking queued or running, the run done elsewhere.
    // A job it had queued behind its run (the watcher's follow-up) is closed by a live instance
    // once its heartbeat is stale (IMPORT_JOB_STALE_MS, 30 s), even if that instance's own import
    // ended sooner.
    const jobRows = () =>
      query<{ owner: string; state: string; reason: string | null }>(
        'select owner, state, reason from import_jobs order by id',
      );
    const jobs = await waitFor("the killed instance's jobs to be closed", 60_000, () => {
      const rows = jobRows();
      const open = rows.filter(
        (job) => job.owner === importer.name && (job.state === 'queued' || job.state === 'running'),
      );
      return open.length === 0 ? rows : undefined;
    });
    const killedJobs = jobs.filter((job) => job.owner === importer.name);
    expect(
      killedJobs.some((job) => job.state === 'failed' && /stopped before it finished/.test(job.reason ?? '')),
    ).toBe(true);
    expect(killedJobs.filter((job) => job.state === 'queued' || job.state === 'running')).toEqual([]);
    expect(jobs.some((job) => job.owner !== importer.name && job.state === 'done')).toBe(true);
    expect(jobs.filter((job) => /another import is running/.test(job.reason ?? ''))).toEqual([]);
    const after = query<{ n: number }>('select count(*)::int n from works')[0]!.n;
    expect(after).toBe(before + NEW_COMICS);
    const pages = query<{ title: string; pages: number }>(
      `select w.title, count(p.*)::int pages from works w join chapters c on c.work_id = w.id
       join pages p on p.chapter_id = c.id where w.title like 'Burst Series%' group by w.title`,
    );
    expect(pages.map((row) => row.pages)).toEqual(Array(NEW_COMICS).fill(12));

    // Every acknowledged favourite is there.
    expect(acknowledged.length).toBeGreaterThan(60);
    const stored = new Set(
      query<{ user_id: number; work_id: number }>('select user_id, work_id from favorites').map(
        (row) => `${row.user_id}:${row.work_id}`,
      ),
    );
    const lost = acknowledged.filter((write) => !stored.has(`${write.user}:${write.work}`));
    expect(lost).toEqual([]);
    // Clients saw at most retried requests (none failed for good; the writers would have thrown).
    expect(retried).toBeLessThan(acknowledged.length);
  }, 420_000);
});
