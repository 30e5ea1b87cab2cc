import { useState } from 'react';

/**
 * A reader's preferences (per device): read once from storage, and written back on every change,
 * so the next chapter and the next visit open the same way.
 */
export function useReaderPrefs<P extends object>(load: () => P, save: (prefs: P) => void) {
  const [prefs, setPrefs] = useState<P>(load);
  const setPref = <K extends keyof P>(key: K, value: P[K]) => {
    const next = { ...prefs, [key]: value };
    setPrefs(next);
    save(next);
  };
  return [prefs, setPref] as const;
}
