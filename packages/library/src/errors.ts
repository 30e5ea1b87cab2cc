/**
 * Every refusal in this package is a LibraryError: `code` is stable for callers to branch on,
 * `reason` is the human-readable sentence an importer shows next to the skipped file.
 */
export type RefusalCode =
  | 'encrypted'
  | 'corrupt'
  | 'unsupported'
  | 'limit'
  | 'unsafe-path'
  | 'not-found'
  | 'no-content'
  | 'encoding'
  | 'invalid';

export class LibraryError extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'LibraryError';
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Wraps anything thrown by a third-party decoder so callers only ever see LibraryError. */
export function asLibraryError(error: unknown, code: RefusalCode, prefix: string): LibraryError {
  if (error instanceof LibraryError) return error;
  return new LibraryError(code, `${prefix}: ${errorMessage(error)}`, { cause: error });
}
