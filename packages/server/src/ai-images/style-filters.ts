/**
 * The built-in AI cos styles: a stylisation pipeline of ours on raw pixels (sharp decodes and
 * encodes). It is a filter, not a model, and the UI says so. Every step that varies uses a PRNG
 * seeded by the job's seed, so one photo, style and seed always give the same bytes.
 */
import sharp, { type Sharp } from 'sharp';

export const BUILTIN_STYLES = ['anime', 'manga', 'watercolor', 'pixel'] as const;
export type BuiltinStyle = (typeof BUILTIN_STYLES)[number];

const WORK_SIDE = 640;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/** mulberry32: small, fast and the same on every platform. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function decode(image: Buffer, prepare?: (s: Sharp) => Sharp): Promise<Raw> {
  let pipeline = sharp(image, { limitInputPixels: 40_000_000, failOn: 'error' })
    .rotate()
    .resize(WORK_SIDE, WORK_SIDE, { fit: 'inside', withoutEnlargement: false })
    .flatten({ background: '#ffffff' })
    .removeAlpha();
  if (prepare) pipeline = prepare(pipeline);
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const luma = (d: Buffer, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

/** Sobel edge strength per pixel (0–~1400) of the luminance. */
function edges({ data, width, height }: Raw): Float32Array {
  const lum = new Float32Array(width * height);
  for (let p = 0; p < width * height; p += 1) lum[p] = luma(data, p * 3);
  const out = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y += 1)
    for (let x = 1; x < width - 1; x += 1) {
      const at = (dx: number, dy: number) => lum[(y + dy) * width + x + dx]!;
      const gx = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1);
      const gy = at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1);
      out[y * width + x] = Math.hypot(gx, gy);
    }
  return out;
}

function encode(raw: Raw, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 88 }).toBuffer();
}

/** Cel shading: a few flat colours (a palette fitted to the picture), boosted, with dark ink lines. */
async function anime(image: Buffer, random: () => number): Promise<Buffer> {
  const hue = Math.round(random() * 30 - 15);
  const smooth = await sharp(image, { limitInputPixels: 40_000_000, failOn: 'error' })
    .rotate()
    .resize(WORK_SIDE, WORK_SIDE, { fit: 'inside', withoutEnlargement: false })
    .flatten({ background: '#ffffff' })
    .median(5)
    .modulate({ saturation: 1.5, brightness: 1.05, hue })
    .png({ palette: true, colours: 12, dither: 0 })
    .toBuffer();
  const raw = await decode(smooth);
  const strength = edges(await decode(image, (s) => s.median(5)));
  const { data } = raw;
  for (let p = 0; p < raw.width * raw.height; p += 1) {
    const i = p * 3;
    // Edges and the darkest areas (eyes, hair, shadows) become solid ink, as in cel shading.
    if (strength[p]! > 150 || luma(data, i) < 55) data[i] = data[i + 1] = data[i + 2] = 28;
  }
  return encode(raw);
}

/** Greyscale manga: white, two screentones of dots, solid black, and ink edges. */
async function manga(image: Buffer, random: () => number): Promise<Buffer> {
  const raw = await decode(image, (s) => s.median(3).normalise());
  const strength = edges(raw);
  const { data, width } = raw;
  const pitch = 5 + Math.floor(random() * 3);
  const phase = Math.floor(random() * pitch);
  for (let p = 0; p < raw.width * raw.height; p += 1) {
    const i = p * 3;
    const x = (p % width) + phase;
    const y = Math.floor(p / width) + phase;
    const l = luma(data, i);
    const cx = (x % pitch) - pitch / 2 + 0.5;
    const cy = (y % pitch) - pitch / 2 + 0.5;
    const r2 = cx * cx + cy * cy;
    let v: number;
    if (strength[p]! > 170 || l < 50) v = 0;
    else if (l < 110) v = r2 < (pitch * pitch) / 3.2 ? 0 : 255;
    else if (l < 175) v = r2 < (pitch * pitch) / 9 ? 0 : 255;
    else v = 255;
    data[i] = data[i + 1] = data[i + 2] = v;
  }
  return encode(raw, 'png');
}

/** Watercolour: soft washes, colour bleeding past soft pencil edges, paper grain. */
async function watercolor(image: Buffer, random: () => number): Promise<Buffer> {
  const raw = await decode(image, (s) => s.blur(2.2).modulate({ saturation: 1.25, brightness: 1.12 }));
  const strength = edges(raw);
  const { data } = raw;
  const grainSeed = prng(Math.floor(random() * 2 ** 31));
  for (let p = 0; p < raw.width * raw.height; p += 1) {
    const i = p * 3;
    const grain = (grainSeed() - 0.5) * 26;
    const pencil = Math.min(60, strength[p]! / 6);
    for (let c = 0; c < 3; c += 1) {
      // Lift towards the paper, band lightly (washes), then grain and a soft pencil line.
      const washed = 255 - (255 - data[i + c]!) * 0.78;
      const banded = Math.round(washed / 24) * 24;
      data[i + c] = Math.max(0, Math.min(255, Math.round(banded + grain - pencil)));
    }
  }
  return encode(raw);
}

/** Pixel art: a small grid, a 16-colour palette, blown up with hard edges. */
async function pixel(image: Buffer, random: () => number): Promise<Buffer> {
  const cells = 56 + Math.floor(random() * 24);
  const small = await sharp(image, { limitInputPixels: 40_000_000, failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .modulate({ saturation: 1.3 })
    .resize(cells, cells, { fit: 'inside', kernel: 'cubic' })
    .png({ palette: true, colours: 16, dither: 0 })
    .toBuffer();
  const meta = await sharp(small).metadata();
  const scale = Math.max(1, Math.floor(WORK_SIDE / Math.max(meta.width ?? cells, meta.height ?? cells)));
  return sharp(small)
    .resize((meta.width ?? cells) * scale, (meta.height ?? cells) * scale, { kernel: 'nearest' })
    .png()
    .toBuffer();
}

const FILTERS: Record<BuiltinStyle, (image: Buffer, random: () => number) => Promise<Buffer>> = {
  anime,
  manga,
  watercolor,
  pixel,
};

export function isBuiltinStyle(style: string): style is BuiltinStyle {
  return (BUILTIN_STYLES as readonly string[]).includes(style);
}

export async function stylise(image: Buffer, style: BuiltinStyle, seed: number): Promise<Buffer> {
  return FILTERS[style](image, prng(seed));
}
