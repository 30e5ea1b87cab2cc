import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearIntentKey, hasIntentKey, intentKey } from './intent-key';

/** A minimal Storage for the node test environment. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('purchase intent keys', () => {
  beforeEach(() => {
    (globalThis as { sessionStorage?: Storage }).sessionStorage = memoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { sessionStorage?: Storage }).sessionStorage;
  });

  it('reuses one key per intent until it is cleared, and keeps intents apart', () => {
    const first = intentKey('pay:vip:1:cashier');
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(intentKey('pay:vip:1:cashier')).toBe(first);
    expect(intentKey('pay:vip:1:stripe')).not.toBe(first);
    expect(globalThis.sessionStorage.getItem('dm51.intent.pay:vip:1:cashier')).toBe(first);
    expect(hasIntentKey('pay:vip:1:cashier')).toBe(true);
    clearIntentKey('pay:vip:1:cashier');
    expect(hasIntentKey('pay:vip:1:cashier')).toBe(false);
    expect(intentKey('pay:vip:1:cashier')).not.toBe(first);
  });

  it('survives a reload: a key written by an earlier page life is found again', () => {
    globalThis.sessionStorage.setItem('dm51.intent.unlock:0:7:1', 'stored-key-123');
    expect(intentKey('unlock:0:7:1')).toBe('stored-key-123');
  });
});
