import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runWhenReady } from './run-when-ready';

describe('runWhenReady', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the task as soon as the promise resolves, and only once', async () => {
    const task = vi.fn();
    runWhenReady(Promise.resolve(), 1_500, task);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task in a task of its own, after the microtasks of the one that settled the promise', async () => {
    vi.stubGlobal('scheduler', undefined);
    const task = vi.fn();
    let settle: () => void = () => undefined;
    runWhenReady(new Promise<void>((resolve) => (settle = resolve)), 1_500, task);
    settle();
    await Promise.resolve();
    await Promise.resolve();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('runs the task when the promise rejects (a failed launch call holds nothing)', async () => {
    const task = vi.fn();
    runWhenReady(Promise.reject(new Error('init failed')), 1_500, task);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task at the cap when the promise is still pending, and not again when it settles', async () => {
    const task = vi.fn();
    let settle: () => void = () => undefined;
    runWhenReady(new Promise<void>((resolve) => (settle = resolve)), 1_500, task);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
