import { ApiCode, WorkType } from '@dm51/shared';
import { animePlayCall, bookReadCall, comicReadCall, userIndexCall } from '@dm51/shared/call-refs';
import { callApi } from '../api/client';
import { ApiError } from '../api/errors';
import { mediaUrl } from '../media-url';
import { queryClient } from '../../state/queries/query-client';
import { animeKeys, readerKeys } from '../../state/queries/query-keys';
import { sessionStore } from '../../state/session';
import { comicFiles, novelFiles } from './chapter-files';
import {
  deleteAccountData,
  deleteDownloads,
  listDownloads,
  putDownload,
  putWorkSnapshot,
} from './download-store';
import { downloadKey, type DownloadError, type DownloadKind, type DownloadRecord } from './download-types';
import { planEpisode, type EpisodePlayAnswer, type PlannedFile } from './episode-files';
import { FileHttpError, isQuotaError, QuotaError, storeFile, storeText } from './file-fetch';
import { forgetAccount as forgetDownloadedKeys, markDownloaded } from './downloaded-index';
import { DOWNLOADS_CACHE } from './media-cache';

/** What the detail pages and the readers ask to download. */
export interface DownloadRequest {
  kind: DownloadKind;
  workId: number;
  workName: string;
  /** The work's cover: kept with its chapters so the Downloads page shows it offline. */
  cover: string;
  chapterId: number;
  chapterName: string;
  order: number;
  /** The chapter is VIP-only (pay 2): it opens offline only while the last known VIP lasts. */
  vipOnly: boolean;
  /** Episodes: the quality's name; '' for chapters. */
  quality: string;
}

/** The work's detail and chapter list as the page had them, for opening it offline. */
export interface WorkContext {
  type: number;
  workId: number;
  detail?: unknown;
  chapters?: unknown;
}

/** Files fetched at the same time within one download. */
const FILE_CONCURRENCY = 4;
/** Codes that mean the chapter cannot be had by this reader: retrying would not help. */
const LOCKED_CODES: ReadonlySet<number> = new Set([ApiCode.VIP_REQUIRED, ApiCode.CHAPTER_LOCKED]);

type Listener = () => void;

const listeners = new Set<Listener>();
let uid = 0;
let records = new Map<string, DownloadRecord>();
let loaded: Promise<void> | null = null;
let running = false;
/** The download being fetched now, to stop it on pause, cancel or a lost connection. */
let active: { key: string; controller: AbortController } | null = null;
/** Episodes planned again after a refused file, so that a real refusal is not retried forever. */
const replanned = new Set<string>();

/**
 * Back online: the VIP period as the server knows it now, so that a VIP-only download stops opening
 * once the period has ended (offline, the last known expiry is the grace it gets).
 */
async function refreshVip(): Promise<void> {
  if (uid <= 0 || ![...records.values()].some((record) => record.vipOnly)) return;
  const { user } = await callApi(userIndexCall, {}, { silent: true }).catch(() => ({ user: null }));
  if (!user || sessionStore.get().uid !== user.id) return;
  const wasVip = vipActive(sessionStore.get().userInfo);
  sessionStore.setUserInfo(user);
  // The period has ended: chapters and episodes opened under it are not kept open from memory.
  if (wasVip && !vipActive(user)) {
    queryClient.removeQueries({ queryKey: readerKeys.all });
    queryClient.removeQueries({ queryKey: animeKeys.all });
  }
}

function vipActive(user: { vip: number; viptime: number } | null): boolean {
  return !!user && user.vip > 0 && user.viptime * 1000 > Date.now();
}

function notify(): void {
  for (const listener of listeners) listener();
}

function isOnline(): boolean {
  return globalThis.navigator?.onLine !== false;
}

function sorted(): DownloadRecord[] {
  return [...records.values()].sort((a, b) => a.createdAt - b.createdAt || a.order - b.order);
}

async function save(record: DownloadRecord): Promise<void> {
  records.set(record.key, record);
  markDownloaded(record.key, record.state === 'done');
  notify();
  await putDownload(record);
}

let listening = false;

/**
 * Follows the connection and the session from the first use on, whoever uses it first (the shell,
 * or a Downloads page opened offline before the shell's extras ever mount).
 */
function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    kick();
    void refreshVip();
  });
  window.addEventListener('offline', () => active?.controller.abort());
  sessionStore.subscribe(() => {
    if (sessionStore.get().uid !== uid) void load();
  });
}

/** The account's downloads, loaded once per account; resumes what was left downloading. */
function load(): Promise<void> {
  listen();
  const current = sessionStore.get().uid;
  if (loaded && current === uid) return loaded;
  uid = current;
  records = new Map();
  active?.controller.abort();
  loaded = (current > 0 ? listDownloads(current) : Promise.resolve([]))
    .then((list) => {
      if (uid !== current) return;
      records = new Map(list.map((record) => [record.key, record]));
      notify();
      kick();
    })
    .catch(() => undefined);
  return loaded;
}

function next(): DownloadRecord | undefined {
  return sorted().find((record) => record.state === 'downloading' || record.state === 'queued');
}

/**
 * A download that failed for a reason that may pass (the server unreachable or erring while the
 * device is online) is tried again after this long, not at once: the queue must not hammer a
 * server that is down. Coming back online retries at once.
 */
const RETRY_MS = 15_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function retryLater(): void {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    kick();
  }, RETRY_MS);
}

/** Starts the queue unless it runs already; it runs one download at a time, oldest first. */
function kick(): void {
  if (running || !isOnline() || retryTimer !== null) return;
  const record = next();
  if (!record) return;
  running = true;
  void runOne(record).finally(() => {
    running = false;
    kick();
  });
}

function errorOf(error: unknown): DownloadError {
  if (error instanceof QuotaError || isQuotaError(error)) return 'quota';
  if (error instanceof ApiError) {
    if (error.kind === 'code' && error.code !== undefined && LOCKED_CODES.has(error.code)) return 'locked';
    if (error.kind === 'code' && error.code === ApiCode.CONTENT_NOT_FOUND) return 'gone';
    if (error.kind === 'code') return 'server';
    return 'network';
  }
  if (error instanceof FileHttpError)
    return error.status === 404 ? 'gone' : error.status === 403 ? 'locked' : 'server';
  return 'network';
}

async function chapterAnswer(record: DownloadRecord, signal: AbortSignal): Promise<unknown> {
  const options = { signal, quiet: [...LOCKED_CODES, ApiCode.CONTENT_NOT_FOUND] };
  if (record.kind === 'comic') return callApi(comicReadCall, { chapter_id: record.chapterId }, options);
  if (record.kind === 'novel') return callApi(bookReadCall, { chapter_id: record.chapterId }, options);
  return callApi(animePlayCall, { chapter_id: record.chapterId }, options);
}

async function plan(record: DownloadRecord, payload: unknown): Promise<PlannedFile[]> {
  let files: PlannedFile[];
  if (record.kind === 'comic')
    files = comicFiles(payload as { pages: { url: string }[] }).map((url) => ({ url }));
  else if (record.kind === 'novel') files = novelFiles(payload as { html: string }).map((url) => ({ url }));
  else {
    const play = payload as EpisodePlayAnswer & { episode: { status: string } };
    if (play.episode.status !== 'ready' || !play.master_url) throw new FileHttpError(404);
    files = await planEpisode(play, record.quality, async (url) => {
      const response = await fetch(url, { cache: 'no-store' });
      if (!response.ok) throw new FileHttpError(response.status);
      return response.text();
    });
  }
  return files;
}

/** Deletes a download's files from the cache, but those another download of the account also has. */
async function dropStoredFiles(record: DownloadRecord): Promise<void> {
  const shared = new Set(
    [...records.values()].filter((other) => other.key !== record.key).flatMap((other) => other.files),
  );
  const cache = await caches.open(DOWNLOADS_CACHE);
  await Promise.all(record.files.filter((url) => !shared.has(url)).map((url) => cache.delete(url)));
}

function textBytes(payload: unknown): number {
  const html = (payload as { html?: unknown } | null)?.html;
  return typeof html === 'string' ? new Blob([html]).size : 0;
}

/** The work's cover in the downloads cache; a cover that cannot be had leaves the chapter as it is. */
async function storeCover(cache: Cache, cover: string, signal: AbortSignal): Promise<string | null> {
  if (!cover) return null;
  const url = new URL(mediaUrl(cover), globalThis.location.href).href;
  try {
    await storeFile(cache, url, signal);
    return url;
  } catch (error) {
    if (error instanceof QuotaError) throw error;
    return null;
  }
}

async function runOne(start: DownloadRecord): Promise<void> {
  const controller = new AbortController();
  active = { key: start.key, controller };
  let record: DownloadRecord = { ...start, state: 'downloading', error: null };
  await save(record);
  try {
    const cache = await caches.open(DOWNLOADS_CACHE);
    let payload = record.payload;
    let files: PlannedFile[] | null = null;
    // A resumed download keeps the answer (and so the URLs) it started with, and what it stored.
    // An episode whose own master playlist is not stored any more is planned again.
    const replan =
      record.kind === 'anime' && record.files.length > 0 && !(await cache.match(record.files[0]!));
    if (payload === null || record.files.length === 0 || replan) {
      payload = await chapterAnswer(record, controller.signal);
      files = await plan(record, payload);
      const urls = files.map((file) => file.url);
      record = { ...record, payload, files: urls, totalFiles: urls.length, doneFiles: 0, bytes: 0 };
      await save(record);
    }
    // The chapter's own files, counted (its pages, an episode's playlists and segments). The work's
    // cover is kept beside them for the Downloads page but is the work's, not counted in its size.
    const planned: PlannedFile[] = files ?? record.files.slice(0, record.totalFiles).map((url) => ({ url }));
    // What the download wrote itself (an episode's master cut to one quality) goes in first.
    for (const file of planned)
      if (file.text !== undefined) await storeText(cache, file.url, file.text, file.type ?? '');
    let done = 0;
    // A novel chapter is its text, kept with its answer; its files are only its pictures.
    let bytes = record.kind === 'novel' ? textBytes(record.payload) : 0;
    let cursor = 0;
    const worker = async () => {
      while (cursor < planned.length) {
        const file = planned[cursor++]!;
        const size = await storeFile(cache, file.url, controller.signal);
        done += 1;
        bytes += size;
        if (controller.signal.aborted) return;
        record = { ...record, doneFiles: done, bytes };
        records.set(record.key, record);
        notify();
      }
    };
    // One file failing stops the others: no more is written for a download that has failed.
    const stopOnFailure = () =>
      worker().catch((error: unknown) => {
        controller.abort();
        throw error;
      });
    await Promise.all(Array.from({ length: Math.min(FILE_CONCURRENCY, planned.length) }, stopOnFailure));
    if (controller.signal.aborted) return;
    // Complete only with every file stored: a half-written chapter is never shown as downloaded.
    if (done !== planned.length) throw new Error('files missing');
    const cover = await storeCover(cache, record.cover, controller.signal);
    const kept = cover && !record.files.includes(cover) ? [...record.files, cover] : record.files;
    await save({
      ...record,
      files: kept,
      state: 'done',
      error: null,
      doneFiles: done,
      bytes,
      completedAt: Date.now(),
    });
  } catch (error) {
    const current = records.get(start.key);
    // Paused or removed meanwhile: whatever that did stands.
    if (!current || current.state === 'paused') return;
    const reason = controller.signal.aborted && !isOnline() ? 'network' : errorOf(error);
    if (
      start.kind === 'anime' &&
      error instanceof FileHttpError &&
      error.status === 403 &&
      !replanned.has(start.key)
    ) {
      // The stream token the files were planned with has expired since: ask for a new one, once.
      replanned.add(start.key);
      await save({
        ...(records.get(start.key) ?? record),
        state: 'queued',
        payload: null,
        files: [],
        doneFiles: 0,
        bytes: 0,
      });
      return;
    }
    if (reason === 'network') {
      if (isOnline()) retryLater();
      // Waits for the connection (the 'online' event starts the queue again), stays in the queue.
      await save({ ...(records.get(start.key) ?? record), state: 'downloading', error: 'network' });
      return;
    }
    if (reason === 'quota') {
      // No room: what this download stored so far goes, so that its failure can be recorded at all
      // (IndexedDB shares the quota) and the space is the reader's again; Retry starts it afresh.
      const failed = records.get(start.key) ?? record;
      await dropStoredFiles(failed).catch(() => undefined);
      await save({ ...failed, state: 'failed', error: 'quota', doneFiles: 0, bytes: 0 }).catch(
        () => undefined,
      );
    } else await save({ ...(records.get(start.key) ?? record), state: 'failed', error: reason });
    if (reason === 'quota') {
      // No room: nothing more is started until the reader frees some and resumes.
      for (const other of sorted())
        if (other.state === 'queued')
          await save({ ...other, state: 'paused', error: 'quota' }).catch(() => undefined);
    }
  } finally {
    if (active?.key === start.key) active = null;
  }
}

function workTypeOf(kind: DownloadKind): number {
  return kind === 'novel' ? WorkType.NOVEL : kind === 'anime' ? WorkType.ANIME : WorkType.COMIC;
}

export const downloadManager = {
  /** Starts watching the connection and the session; called once by the shell. */
  start(): void {
    void load();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The account's downloads, oldest first. */
  list(): DownloadRecord[] {
    return sorted();
  },
  ready(): Promise<void> {
    return load();
  },
  find(kind: DownloadKind, chapterId: number): DownloadRecord | undefined {
    return records.get(downloadKey(uid, kind, chapterId));
  },
  /** Queues chapters or episodes; ones already downloaded or queued are left as they are. */
  async enqueue(requests: readonly DownloadRequest[], work: WorkContext): Promise<number> {
    await load();
    if (uid <= 0) return 0;
    await putWorkSnapshot({
      uid,
      type: work.type,
      workId: work.workId,
      detail: work.detail,
      chapters: work.chapters,
    });
    // Downloads are meant to last: ask the browser not to evict them under storage pressure.
    void globalThis.navigator?.storage?.persist?.().catch(() => false);
    let added = 0;
    const now = Date.now();
    for (const [index, request] of requests.entries()) {
      const key = downloadKey(uid, request.kind, request.chapterId);
      const existing = records.get(key);
      if (existing && existing.state !== 'failed') continue;
      await save({
        key,
        uid,
        kind: request.kind,
        workId: request.workId,
        workName: request.workName,
        cover: request.cover,
        chapterId: request.chapterId,
        chapterName: request.chapterName,
        order: request.order,
        state: 'queued',
        error: null,
        doneFiles: 0,
        totalFiles: 0,
        bytes: 0,
        files: [],
        vipOnly: request.vipOnly,
        quality: request.quality,
        payload: null,
        createdAt: now + index,
        completedAt: 0,
      });
      added += 1;
    }
    kick();
    return added;
  },
  async pause(key: string): Promise<void> {
    const record = records.get(key);
    if (!record || record.state === 'done') return;
    await save({ ...record, state: 'paused', error: null });
    if (active?.key === key) active.controller.abort();
  },
  async resume(key: string): Promise<void> {
    const record = records.get(key);
    if (!record || record.state === 'done') return;
    await save({ ...record, state: 'queued', error: null });
    // The reader asked: no waiting out an earlier failure's delay.
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    kick();
  },
  /** Cancels or deletes downloads and their files. */
  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      records.delete(key);
      markDownloaded(key, false);
      if (active?.key === key) active.controller.abort();
    }
    notify();
    await deleteDownloads(keys);
  },
  async removeAll(): Promise<void> {
    await this.remove([...records.keys()]);
  },
  workType: workTypeOf,
  /**
   * Logging out: the account's downloads, their files and what was kept of its lists go, so the
   * next person on the device finds none of them (paid chapters included).
   */
  async forgetAccount(account: number): Promise<void> {
    if (account === uid) {
      active?.controller.abort();
      records = new Map();
      notify();
    }
    forgetDownloadedKeys(account);
    await deleteAccountData(account);
  },
};
