/**
 * Novel positions are character offsets into the chapter's plain text (so they survive font and
 * layout changes). The rendered HTML's text is close to, but not exactly, that plain text, so DOM
 * offsets are scaled by the two lengths; the error is a few characters, well under a line.
 */
export function domToTextOffset(domOffset: number, domLength: number, textLength: number): number {
  if (domLength <= 0 || textLength <= 0) return 0;
  const scaled = Math.round((domOffset / domLength) * textLength);
  return Math.max(0, Math.min(textLength, scaled));
}

export function textToDomOffset(position: number, textLength: number, domLength: number): number {
  if (domLength <= 0 || textLength <= 0) return 0;
  const scaled = Math.round((Math.max(0, Math.min(position, textLength)) / textLength) * domLength);
  return Math.max(0, Math.min(domLength, scaled));
}

/** Which column-page holds an x offset in the paged (CSS columns) layout. */
export function pageOfX(x: number, pageStride: number, pageCount: number): number {
  if (pageStride <= 0 || pageCount <= 0) return 0;
  return Math.max(0, Math.min(pageCount - 1, Math.floor(x / pageStride)));
}

/** Percent of the chapter at a text position. */
export function textPercent(position: number, textLength: number): number {
  if (textLength <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round((position / textLength) * 100)));
}

// ---- DOM helpers (browser only) ----

/** The text nodes that render: whitespace-only nodes between blocks have no boxes to measure. */
function textNodesOf(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (/\S/.test((node as Text).data)) nodes.push(node as Text);
  return nodes;
}

export function domTextLength(root: Node): number {
  return textNodesOf(root).reduce((sum, node) => sum + node.length, 0);
}

function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  const doc = document as Document & {
    caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
    caretRangeFromPoint?: (x: number, y: number) => Range | null;
  };
  if (doc.caretPositionFromPoint) {
    const position = doc.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/**
 * The DOM text offset of the first character at or below (x, y) inside root: probes downward in
 * small steps because a point between paragraphs hits no text.
 */
export function domOffsetAtPoint(root: HTMLElement, x: number, y: number, maxProbe = 120): number | null {
  const nodes = textNodesOf(root);
  for (let dy = 0; dy <= maxProbe; dy += 6) {
    const caret = caretAt(x, y + dy);
    if (!caret || caret.node.nodeType !== Node.TEXT_NODE || !root.contains(caret.node)) continue;
    let offset = 0;
    for (const node of nodes) {
      if (node === caret.node) return offset + caret.offset;
      offset += node.length;
    }
  }
  return null;
}

/**
 * The viewport rectangle of the character at a DOM text offset, or of the next character that has
 * a box (a collapsed space has none); null when there is no text.
 */
export function rectAtDomOffset(root: HTMLElement, domOffset: number): DOMRect | null {
  let remaining = domOffset;
  let found = false;
  for (const node of textNodesOf(root)) {
    if (!found && remaining >= node.length) {
      remaining -= node.length;
      continue;
    }
    const from = found ? 0 : remaining;
    found = true;
    for (let i = from; i < node.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (rect && (rect.width > 0 || rect.height > 0)) return rect;
    }
  }
  return null;
}
