/**
 * The identity card as one picture to save: title, the QR code (with its quiet zone intact, so a
 * photo or screenshot of the saved card still scans), the account and a warning. Drawn on a canvas
 * in the browser; the server only ever sees the QR.
 */
export interface CardText {
  title: string;
  name: string;
  id: string;
  warning: string;
}

const WIDTH = 600;
const HEIGHT = 860;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('QR image failed to load'));
    image.src = src;
  });
}

function wrap(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  // Character by character works for Chinese and (slightly less prettily) for Latin text alike.
  for (const char of text) {
    if (ctx.measureText(line + char).width > maxWidth && line) {
      lines.push(line);
      line = char.trimStart();
    } else line += char;
  }
  if (line) lines.push(line);
  return lines;
}

export async function composeCardImage(qrDataUrl: string, text: CardText): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  const gradient = ctx.createLinearGradient(0, 0, WIDTH, HEIGHT);
  gradient.addColorStop(0, '#ff8a7a');
  gradient.addColorStop(1, '#e23a6e');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(40, 150, WIDTH - 80, 620, 24);
  ctx.fill();

  ctx.textAlign = 'center';
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 40px sans-serif';
  ctx.fillText(text.title, WIDTH / 2, 95);

  const qr = await loadImage(qrDataUrl);
  ctx.drawImage(qr, (WIDTH - 400) / 2, 180, 400, 400);

  ctx.fillStyle = '#222222';
  ctx.font = 'bold 28px sans-serif';
  ctx.fillText(text.name, WIDTH / 2, 630);
  ctx.fillStyle = '#888888';
  ctx.font = '22px sans-serif';
  ctx.fillText(text.id, WIDTH / 2, 668);
  ctx.font = '19px sans-serif';
  wrap(ctx, text.warning, WIDTH - 140).forEach((line, i) => ctx.fillText(line, WIDTH / 2, 712 + i * 26));

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas export failed'))), 'image/png'),
  );
}

/** Saves a blob through a download link (browsers) — on phones the image is also long-pressable. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
