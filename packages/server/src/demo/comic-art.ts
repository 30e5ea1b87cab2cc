/**
 * Comic pages drawn from SVG: a cover with the title, then pages of panels with skies, shapes,
 * characters made of simple forms and speech bubbles. Deterministic for a given seed, so the demo
 * library is the same on every machine.
 */
import sharp from 'sharp';

export type Rng = () => number;

/** mulberry32: small, fast, good enough for art. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(r: Rng, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const FONT = "font-family=\"'Noto Sans CJK SC','DejaVu Sans',sans-serif\"";

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(h) % 360},${s}%,${l}%)`;
}

function shape(r: Rng, x: number, y: number, w: number, h: number, hue: number): string {
  const cx = x + w * (0.2 + r() * 0.6);
  const cy = y + h * (0.3 + r() * 0.5);
  const size = Math.min(w, h) * (0.08 + r() * 0.18);
  const fill = hsl(hue + r() * 120, 60 + r() * 30, 45 + r() * 25);
  switch (Math.floor(r() * 4)) {
    case 0:
      return `<circle cx="${cx}" cy="${cy}" r="${size}" fill="${fill}" stroke="#222" stroke-width="3"/>`;
    case 1:
      return `<rect x="${cx - size}" y="${cy - size}" width="${size * 2}" height="${size * 1.6}" rx="${size * 0.2}" fill="${fill}" stroke="#222" stroke-width="3"/>`;
    case 2:
      return `<polygon points="${cx},${cy - size} ${cx + size},${cy + size} ${cx - size},${cy + size}" fill="${fill}" stroke="#222" stroke-width="3"/>`;
    default: {
      // A character: head, body, eyes.
      const head = size * 0.55;
      return `<g stroke="#222" stroke-width="3"><rect x="${cx - size * 0.6}" y="${cy}" width="${size * 1.2}" height="${size * 1.5}" rx="${size * 0.4}" fill="${fill}"/><circle cx="${cx}" cy="${cy - head * 0.7}" r="${head}" fill="#ffe0c2"/><circle cx="${cx - head * 0.35}" cy="${cy - head * 0.8}" r="${head * 0.12}" fill="#222"/><circle cx="${cx + head * 0.35}" cy="${cy - head * 0.8}" r="${head * 0.12}" fill="#222"/></g>`;
    }
  }
}

function bubble(r: Rng, x: number, y: number, w: number, h: number, line: string): string {
  const bw = Math.min(w * 0.8, 40 + line.length * 22);
  const bh = 64;
  const bx = x + 12 + r() * Math.max(1, w - bw - 24);
  const by = y + 12 + r() * Math.max(1, h * 0.3);
  const tail = `${bx + bw * 0.3},${by + bh - 2} ${bx + bw * 0.25},${by + bh + 26} ${bx + bw * 0.45},${by + bh - 2}`;
  return `<g><ellipse cx="${bx + bw / 2}" cy="${by + bh / 2}" rx="${bw / 2}" ry="${bh / 2}" fill="#fff" stroke="#111" stroke-width="3"/><polygon points="${tail}" fill="#fff" stroke="#111" stroke-width="3"/><rect x="${bx + bw * 0.22}" y="${by + bh - 6}" width="${bw * 0.26}" height="8" fill="#fff"/><text x="${bx + bw / 2}" y="${by + bh / 2 + 9}" font-size="26" text-anchor="middle" ${FONT} fill="#111">${escape(line)}</text></g>`;
}

function panel(
  r: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  hue: number,
  lines: readonly string[],
): string {
  const sky = hsl(hue + r() * 60, 50 + r() * 40, 70 + r() * 20);
  const ground = hsl(hue + 180 + r() * 60, 35 + r() * 30, 35 + r() * 25);
  const horizon = y + h * (0.55 + r() * 0.25);
  const parts = [
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${sky}"/>`,
    `<rect x="${x}" y="${horizon}" width="${w}" height="${y + h - horizon}" fill="${ground}"/>`,
  ];
  if (r() < 0.5)
    parts.push(
      `<circle cx="${x + w * (0.1 + r() * 0.8)}" cy="${y + h * 0.18}" r="${Math.min(w, h) * 0.07}" fill="#fff6b0"/>`,
    );
  const count = 1 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) parts.push(shape(r, x, y, w, h, hue));
  if (r() < 0.75) parts.push(bubble(r, x, y, w, h, pick(r, lines)));
  parts.push(
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#111" stroke-width="6"/>`,
  );
  // A nested viewport with a matching viewBox clips the panel without moving its coordinates.
  return `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}" overflow="hidden">${parts.join('')}</svg>`;
}

export interface PageSpec {
  width: number;
  height: number;
  hue: number;
  seed: number;
  lines: readonly string[];
  /** Cover pages show the title. */
  title?: string;
  subtitle?: string;
  pageLabel?: string;
}

export function pageSvg(spec: PageSpec): string {
  const r = rng(spec.seed);
  const { width: W, height: H } = spec;
  const parts = [`<rect width="${W}" height="${H}" fill="#fbfaf6"/>`];
  if (spec.title) {
    parts.push(`<rect width="${W}" height="${H}" fill="${hsl(spec.hue, 55, 42)}"/>`);
    for (let i = 0; i < 5; i++) parts.push(shape(r, 0, H * 0.25, W, H * 0.6, spec.hue));
    // The title band sits mid-page: list cards cover the top corners with status badges.
    const top = Math.round(H * 0.3);
    parts.push(`<rect x="30" y="${top}" width="${W - 60}" height="200" rx="18" fill="rgba(0,0,0,0.6)"/>`);
    parts.push(
      `<text x="${W / 2}" y="${top + 100}" font-size="${spec.title.length > 12 ? 48 : 66}" font-weight="bold" text-anchor="middle" ${FONT} fill="#fff">${escape(spec.title)}</text>`,
    );
    if (spec.subtitle)
      parts.push(
        `<text x="${W / 2}" y="${top + 165}" font-size="34" text-anchor="middle" ${FONT} fill="#ffe9a8">${escape(spec.subtitle)}</text>`,
      );
  } else {
    // Rows of panels; tall (webtoon) pages get more rows.
    const rows = Math.max(2, Math.round(H / 420));
    const gap = 18;
    let y = gap;
    for (let row = 0; row < rows; row++) {
      const rowHeight = (H - gap * (rows + 1)) / rows;
      const cols = r() < 0.5 ? 1 : 2;
      const split = cols === 1 ? [1] : [0.35 + r() * 0.3];
      let x = gap;
      for (let c = 0; c < cols; c++) {
        const frac = cols === 1 ? 1 : c === 0 ? split[0]! : 1 - split[0]!;
        const w = (W - gap * (cols + 1)) * frac;
        parts.push(panel(r, x, y, w, rowHeight, spec.hue + row * 25, spec.lines));
        x += w + gap;
      }
      y += rowHeight + gap;
    }
  }
  if (spec.pageLabel)
    parts.push(
      `<text x="${W - 24}" y="${H - 14}" font-size="22" text-anchor="end" ${FONT} fill="#555">${escape(spec.pageLabel)}</text>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

export async function renderPage(spec: PageSpec): Promise<Buffer> {
  return sharp(Buffer.from(pageSvg(spec)))
    .jpeg({ quality: 80 })
    .toBuffer();
}
