/**
 * A positive integer id from a route's query (`column`, `chapter`, `id`, `ep`), else 0. A module of
 * its own: the readers and the player read ids too, and importing this from the detail page's
 * route dragged the whole detail page (comments, image viewer, antd's popups) into the reader's
 * download.
 */
export function idParam(params: URLSearchParams, name: string): number {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : 0;
}
