import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resumes after the current task, not in its microtasks', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const resumed = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    setTimeout(() => order.push('timer queued after'), 0);
    await resumed;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
  });
});
