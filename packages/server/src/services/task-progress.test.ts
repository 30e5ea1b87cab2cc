import { describe, expect, it } from 'vitest';
import { cycleDayOf, progressOf, streakEndingAt, type TaskFacts } from './task-progress.js';

const facts = (over: Partial<TaskFacts> = {}): TaskFacts => ({
  today: new Map(),
  reading: new Map(),
  ever: new Map(),
  account: { is_guest: 0, tel: '', email: '', pic: '', nickname: '游客ABC123' },
  fulfilledOrders: 0,
  ...over,
});

describe('streaks', () => {
  it('count consecutive days ending at the given day', () => {
    expect(streakEndingAt(10, [10, 9, 8, 6])).toBe(3);
    expect(streakEndingAt(9, [10, 9, 8, 6])).toBe(2);
    expect(streakEndingAt(10, [8, 7])).toBe(0);
    expect(streakEndingAt(10, [])).toBe(0);
  });

  it('cycle through 7 reward days', () => {
    expect([1, 2, 7, 8, 14, 15].map(cycleDayOf)).toEqual([1, 2, 7, 1, 7, 1]);
  });
});

describe('progressOf', () => {
  it('reads minutes from accepted seconds, rounding down', () => {
    expect(progressOf({ metric: 'read_minutes' }, facts({ reading: new Map([['read', 899]]) }))).toBe(14);
    expect(progressOf({ metric: 'watch_minutes' }, facts({ reading: new Map([['read', 900]]) }))).toBe(0);
  });

  it('needs an avatar and a nickname of ones own for the profile task', () => {
    expect(progressOf({ metric: 'profile' }, facts())).toBe(0);
    const account = { is_guest: 0, tel: '', email: '', pic: '/media/a_xfile.jpg', nickname: '游客ABC123' };
    expect(progressOf({ metric: 'profile' }, facts({ account }))).toBe(0);
    expect(progressOf({ metric: 'profile' }, facts({ account: { ...account, nickname: 'Mia' } }))).toBe(1);
  });

  it('counts a bound address only for registered accounts', () => {
    const account = { is_guest: 0, tel: '13900000000', email: '', pic: '', nickname: 'x' };
    expect(progressOf({ metric: 'bound' }, facts({ account }))).toBe(1);
    expect(progressOf({ metric: 'bound' }, facts({ account: { ...account, is_guest: 1 } }))).toBe(0);
  });
});
