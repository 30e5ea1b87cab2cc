/**
 * MuPDF (Artifex's WebAssembly build) loaded on first use: compiling its 10 MB of wasm costs a
 * few hundred milliseconds, which only runs that actually meet a PDF should pay. Its log (repair
 * warnings on damaged files) is silenced: what matters reaches the caller as a thrown error.
 */
import type * as Mupdf from 'mupdf';

let loading: Promise<typeof Mupdf> | null = null;

export function loadMupdf(): Promise<typeof Mupdf> {
  loading ??= import('mupdf').then((mupdf) => {
    mupdf.setLog({ error: () => undefined, warning: () => undefined });
    return mupdf;
  });
  return loading;
}
