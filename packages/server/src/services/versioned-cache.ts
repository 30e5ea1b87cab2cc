/**
 * What every reader sees of a work (its own detail, a page of its chapter list, its people), kept
 * per key under the catalogue version it was read at (migration 0023). The caller reads the
 * version first (in the same statement as the reader's own state) and asks for that version: an
 * entry of any other version is a miss, so an unpublish, a re-import or a console edit is seen by
 * the very next request, on every instance (each reads the version from the database).
 *
 * Only rows the version watches may be kept here: never a counter (views, favourites), never a
 * category (the version does not watch them), never anything of one reader.
 */
export class VersionedCache<K, V> {
  private readonly entries = new Map<K, { version: number; value: V; size: number }>();
  private size = 0;

  /**
   * `maxSize` bounds the sum of `sizeOf` over the kept values (by default each counts 1); the
   * oldest kept is dropped first.
   */
  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number = () => 1,
  ) {}

  /** The value kept for `key` at `version`, else undefined. */
  get(key: K, version: number): V | undefined {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.version === version ? entry.value : undefined;
  }

  /** Keeps `value` read at `version`, unless a value of a newer version is kept already. */
  set(key: K, version: number, value: V): void {
    const current = this.entries.get(key);
    // A slower request that read an older version must not replace a newer value.
    if (current !== undefined && current.version > version) return;
    const size = this.sizeOf(value);
    if (size > this.maxSize) return;
    if (current !== undefined) this.drop(key, current.size);
    while (this.size + size > this.maxSize) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.drop(oldestKey, oldest.size);
    }
    this.entries.set(key, { version, value, size });
    this.size += size;
  }

  private drop(key: K, size: number): void {
    this.entries.delete(key);
    this.size -= size;
  }
}

/**
 * Reads the values of `keys` missing at `version` with one `load` and keeps them: the values of
 * all `keys` (a key `load` did not answer is absent from the map).
 */
export async function keptOrLoaded<K, V>(
  cache: VersionedCache<K, V>,
  version: number,
  keys: K[],
  load: (missing: K[]) => Promise<Map<K, V>>,
): Promise<Map<K, V>> {
  const values = new Map<K, V>();
  const missing: K[] = [];
  for (const key of keys) {
    const kept = cache.get(key, version);
    if (kept === undefined) missing.push(key);
    else values.set(key, kept);
  }
  if (missing.length === 0) return values;
  for (const [key, value] of await load(missing)) {
    cache.set(key, version, value);
    values.set(key, value);
  }
  return values;
}
