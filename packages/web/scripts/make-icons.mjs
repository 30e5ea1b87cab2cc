#!/usr/bin/env node
/**
 * Draws the app icon (the same mark as src/components/icons/Logo.tsx), renders the PWA PNGs with
 * headless Chromium (which draws the SVG exactly as the app does) and stores them as palette PNGs
 * with sharp: a flat mark on a gradient loses nothing visible and is 4–10× smaller, which matters
 * because a phone fetches the 192 px icon during its first load (the manifest's installability
 * check) and the service worker precaches all of them. Run after changing the mark:
 *   node packages/web/scripts/make-icons.mjs
 * Output: packages/web/public/icons/{favicon.svg, icon-192.png, icon-512.png, maskable-512.png,
 * apple-touch-icon.png}. The PNGs are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The mark on a 64-unit canvas. `inset` shrinks the artwork toward the centre (maskable icons keep
 * their content inside the 80% safe zone); `radius` 0 gives a full-bleed square for maskable use.
 */
function markSvg({ size, radius, inset = 0 }) {
  const scale = (64 - inset * 2) / 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#FF8A7A"/>
      <stop offset="0.55" stop-color="#FD586D"/>
      <stop offset="1" stop-color="#E23A6E"/>
    </linearGradient>
  </defs>
  <rect width="64" height="64" rx="${radius}" fill="url(#g)"/>
  <g transform="translate(${inset} ${inset}) scale(${scale})">
    <path d="M20 13h24a9 9 0 0 1 9 9v13a9 9 0 0 1-9 9H29l-9.5 8.5V44H20a9 9 0 0 1-9-9V22a9 9 0 0 1 9-9z" fill="#fff"/>
    <path d="M28 21.5v15l12.5-7.5z" fill="#FD586D"/>
  </g>
</svg>`;
}

const TARGETS = [
  { file: 'icon-192.png', size: 192, radius: 14 },
  { file: 'icon-512.png', size: 512, radius: 14 },
  { file: 'maskable-512.png', size: 512, radius: 0, inset: 8 },
  // iOS rounds the corners itself and shows transparency as black: full-bleed square.
  { file: 'apple-touch-icon.png', size: 180, radius: 0, inset: 4 },
];

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'favicon.svg'), markSvg({ size: 64, radius: 14 }));

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const target of TARGETS) {
    await page.setViewportSize({ width: target.size, height: target.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${markSvg(target)}</body></html>`,
    );
    const screenshot = await page.locator('svg').screenshot({ omitBackground: true });
    const png = await sharp(screenshot)
      .png({ palette: true, quality: 95, compressionLevel: 9, effort: 10 })
      .toBuffer();
    writeFileSync(join(OUT, target.file), png);
    console.log(`wrote icons/${target.file} (${target.size}px, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
