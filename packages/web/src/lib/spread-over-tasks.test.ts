import { afterEach, describe, expect, it, vi } from 'vitest';
import { spreadOverTasks } from './spread-over-tasks';

/** Counts tasks: a zero-delay timer runs in a task of its own. */
function taskCounter() {
  let task = 0;
  let ticking = true;
  const tick = () => {
    if (!ticking) return;
    task += 1;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  return {
    now: () => task,
    stop: () => {
      ticking = false;
    },
  };
}

describe('spreadOverTasks', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts a few now and the rest a few per later task, in order, each settling as its own', async () => {
    vi.stubGlobal('scheduler', undefined); // nextTask falls back to a zero-delay timer
    const tasks = taskCounter();
    const spread = spreadOverTasks(3);
    const startedIn: Array<{ item: number; task: number }> = [];
    const results = Array.from({ length: 8 }, (_, item) =>
      spread(() => {
        startedIn.push({ item, task: tasks.now() });
        return Promise.resolve(`image ${item}`);
      }),
    );
    // Three started in the calling task, the others wait.
    expect(startedIn.map(({ item }) => item)).toEqual([0, 1, 2]);
    expect(await Promise.all(results)).toEqual(Array.from({ length: 8 }, (_, item) => `image ${item}`));
    tasks.stop();
    expect(startedIn.map(({ item }) => item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const perTask = new Map<number, number>();
    for (const { task } of startedIn) perTask.set(task, (perTask.get(task) ?? 0) + 1);
    expect([...perTask.values()]).toEqual([3, 3, 2]);
  });

  it('gives each new task a fresh allowance', async () => {
    vi.stubGlobal('scheduler', undefined);
    const spread = spreadOverTasks(2);
    const started: number[] = [];
    const start = (item: number) => () => {
      started.push(item);
      return Promise.resolve(item);
    };
    await Promise.all([spread(start(1)), spread(start(2))]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // A later task: both start at once again.
    void spread(start(3));
    void spread(start(4));
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it('passes on a failure, thrown or rejected, without holding up the rest', async () => {
    vi.stubGlobal('scheduler', undefined);
    const spread = spreadOverTasks(1);
    const first = spread(() => Promise.reject(new Error('HTTP 404')));
    const second = spread(() => {
      throw new Error('bad address');
    });
    const third = spread(() => Promise.resolve('ok'));
    await expect(first).rejects.toThrow('HTTP 404');
    await expect(second).rejects.toThrow('bad address');
    await expect(third).resolves.toBe('ok');
  });

  it('refuses an allowance below one', () => {
    expect(() => spreadOverTasks(0)).toThrow(RangeError);
  });
});
