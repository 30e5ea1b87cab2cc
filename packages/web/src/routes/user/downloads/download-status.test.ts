import { describe, expect, it } from 'vitest';
import type { DownloadRecord } from '../../../lib/offline/download-types';
import { downloadStatus, groupByWork, pageCount, storedQuality, totalBytes } from './download-status';

function record(overrides: Partial<DownloadRecord>): DownloadRecord {
  return {
    key: `1:comic:${overrides.chapterId ?? 1}`,
    uid: 1,
    kind: 'comic',
    workId: 10,
    workName: 'Work',
    cover: '/media/cover.jpg',
    chapterId: 1,
    chapterName: 'Chapter 1',
    order: 0,
    state: 'queued',
    error: null,
    doneFiles: 0,
    totalFiles: 0,
    bytes: 0,
    files: [],
    vipOnly: false,
    quality: '',
    payload: null,
    createdAt: 1,
    completedAt: 0,
    ...overrides,
  };
}

describe('downloadStatus', () => {
  it('shows progress while downloading and offers pause and cancel', () => {
    expect(downloadStatus(record({ state: 'downloading', doneFiles: 12, totalFiles: 40 }))).toEqual({
      text: 'downloading',
      progress: { done: 12, total: 40 },
      problem: false,
      actions: ['pause', 'cancel'],
    });
  });

  it('says it waits for the connection rather than showing a stuck bar', () => {
    const status = downloadStatus(
      record({ state: 'downloading', error: 'network', doneFiles: 3, totalFiles: 9 }),
    );
    expect(status.text).toBe('network');
  });

  it('names why a download stopped, and offers a retry', () => {
    expect(downloadStatus(record({ state: 'failed', error: 'quota' }))).toMatchObject({
      text: 'quota',
      problem: true,
      actions: ['retry', 'cancel'],
    });
    expect(downloadStatus(record({ state: 'failed', error: 'locked' })).text).toBe('locked');
    expect(downloadStatus(record({ state: 'failed', error: null })).text).toBe('server');
    // Held back because an earlier one ran out of room: resuming is up to the reader.
    expect(downloadStatus(record({ state: 'paused', error: 'quota' }))).toMatchObject({
      text: 'quota',
      actions: ['resume', 'cancel'],
    });
  });

  it('offers only deleting a finished download', () => {
    expect(downloadStatus(record({ state: 'done', doneFiles: 5, totalFiles: 5 }))).toEqual({
      text: 'done',
      progress: null,
      problem: false,
      actions: ['delete'],
    });
  });
});

describe('groupByWork', () => {
  it('groups by work in the order they were asked for, chapters in the work’s order', () => {
    const groups = groupByWork([
      record({ chapterId: 3, order: 2, bytes: 100 }),
      record({ kind: 'anime', workId: 20, chapterId: 9, bytes: 5 }),
      record({ chapterId: 1, order: 0, bytes: 50 }),
    ]);
    expect(
      groups.map((group) => [group.key, group.bytes, group.items.map((item) => item.chapterId)]),
    ).toEqual([
      ['comic:10', 150, [1, 3]],
      ['anime:20', 5, [9]],
    ]);
  });
});

describe('pageCount and totalBytes', () => {
  it('counts a comic chapter’s pages from its kept answer', () => {
    expect(pageCount(record({ payload: { pages: [{}, {}, {}] } }))).toBe(3);
    expect(pageCount(record({ payload: null }))).toBeNull();
    expect(pageCount(record({ kind: 'novel', payload: { html: '' } }))).toBeNull();
  });

  it('adds up the bytes of every download', () => {
    expect(totalBytes([record({ bytes: 10 }), record({ bytes: 32 })])).toBe(42);
  });
});

describe('storedQuality', () => {
  const qualities = [
    { name: '480p', height: 480 },
    { name: '360p', height: 360 },
  ];

  it('names the quality the episode was stored in when it lacked the one asked for', () => {
    expect(storedQuality(record({ kind: 'anime', quality: '480p', payload: { qualities } }))).toBe('480p');
    expect(storedQuality(record({ kind: 'anime', quality: '720p', payload: { qualities } }))).toBe('480p');
    // Nothing as low as asked: the lowest there is.
    expect(storedQuality(record({ kind: 'anime', quality: '240p', payload: { qualities } }))).toBe('360p');
  });

  it('says what was asked until the episode’s answer is in, and nothing for chapters', () => {
    expect(storedQuality(record({ kind: 'anime', quality: '720p', payload: null }))).toBe('720p');
    expect(storedQuality(record({ kind: 'comic', quality: '' }))).toBe('');
  });
});
