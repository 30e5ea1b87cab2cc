/**
 * The '安全认证' picture (spec §2, §9): 4 random digits drawn on a 120×60 canvas with 8 noise lines.
 * The check is the client's (spec §5); the server's rate limits apply whatever the client does.
 */
import { CAPTCHA } from '@dm51/shared';

export function randomCaptcha(length: number = CAPTCHA.length, random = Math.random): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(Math.floor(random() * 10));
  return code;
}

const COLORS = ['#fd586d', '#2b7de9', '#16a085', '#8e44ad', '#e67e22', '#34495e'];

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

export function drawCaptcha(canvas: HTMLCanvasElement, code: string, random = Math.random): void {
  const { width, height, noiseLines } = CAPTCHA;
  const ratio = globalThis.devicePixelRatio || 1;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = '#f3f4f7';
  ctx.fillRect(0, 0, width, height);

  const step = width / (code.length + 1);
  ctx.textBaseline = 'middle';
  [...code].forEach((char, i) => {
    ctx.save();
    ctx.translate(step * (i + 1), height / 2 + (random() - 0.5) * 10);
    ctx.rotate((random() - 0.5) * 0.7);
    ctx.font = `bold ${26 + Math.floor(random() * 8)}px Arial, sans-serif`;
    ctx.fillStyle = pick(COLORS, random);
    ctx.textAlign = 'center';
    ctx.fillText(char, 0, 0);
    ctx.restore();
  });

  for (let i = 0; i < noiseLines; i++) {
    ctx.strokeStyle = pick(COLORS, random);
    ctx.globalAlpha = 0.6;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(random() * width, random() * height);
    ctx.lineTo(random() * width, random() * height);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}
