/**
 * Limits for PDF files. The whole file is read into memory and copied into MuPDF's WebAssembly
 * heap (it reads a PDF by random access through its cross-reference table), which cannot grow
 * past 2 GiB per thread: 512 MiB leaves room for the document's objects and its pages. The page
 * count bounds the time. A 2,000-page 400 MB scanned omnibus is under both.
 */
export interface PdfLimits {
  /** Files larger than this are refused before they are read. */
  maxBytes: number;
  /** Documents with more pages are refused before any page is rendered. */
  maxPages: number;
  /** A rendered page (reading width × its height) over this many pixels is left out. */
  maxPagePixels: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = {
  maxBytes: 512 * 1024 ** 2,
  maxPages: 5_000,
  maxPagePixels: 100_000_000,
};
