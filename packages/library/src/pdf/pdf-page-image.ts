/**
 * Finds the pages of a scanned comic that are nothing but one JPEG covering the page, so their
 * stored JPEG can be used as it is: no decode, no re-encode, no quality lost, and ten times
 * faster than rendering. Anything else on the page (text, vector art, a second image, a mask, a
 * rotation, CMYK or an odd colour space) sends it to the renderer instead.
 */
import type { Image, Matrix, Page, PDFObject } from 'mupdf';
import type * as Mupdf from 'mupdf';

/** Fraction of each page side the image must span to count as the whole page. */
const FULL_PAGE = 0.97;

interface DrawnImage {
  width: number;
  height: number;
  ctm: Matrix;
}

/** What the page draws: its images, and whether anything else (text, paths, shadings) is drawn. */
function survey(mupdf: typeof Mupdf, page: Page): { images: DrawnImage[]; other: boolean } {
  const images: DrawnImage[] = [];
  let other = false;
  const mark = () => {
    other = true;
  };
  const device = new mupdf.Device({
    fillImage(image: Image, ctm: Matrix) {
      images.push({ width: image.getWidth(), height: image.getHeight(), ctm });
    },
    fillPath: mark,
    strokePath: mark,
    fillText: mark,
    strokeText: mark,
    fillShade: mark,
    fillImageMask: mark,
  });
  try {
    page.run(device, mupdf.Matrix.identity);
  } finally {
    device.close();
    device.destroy();
  }
  return { images, other };
}

function isName(obj: PDFObject, ...names: string[]): boolean {
  return obj.isName() && names.includes(obj.asName());
}

/** DeviceRGB, DeviceGray, or an ICC profile with 1 or 3 components (CMYK JPEGs are rendered). */
function isGreyOrRgb(space: PDFObject): boolean {
  if (isName(space, 'DeviceRGB', 'DeviceGray')) return true;
  if (!space.isArray() || space.length !== 2 || !isName(space.get(0), 'ICCBased')) return false;
  const components = space.get(1).get('N');
  return components.isNumber() && [1, 3].includes(components.asNumber());
}

/** The only image XObject of the page, when it is a plain 8-bit RGB or grey JPEG. */
function plainJpegXObject(pageObj: PDFObject): PDFObject | null {
  if (pageObj.get('Rotate').isNumber() && pageObj.get('Rotate').asNumber() % 360 !== 0) return null;
  if (!pageObj.get('UserUnit').isNull()) return null;
  const xobjects = pageObj.getInheritable('Resources').get('XObject');
  if (!xobjects.isDictionary()) return null;
  const found: PDFObject[] = [];
  xobjects.forEach((value) => {
    if (isName(value.get('Subtype'), 'Image')) found.push(value);
  });
  if (found.length !== 1) return null;
  const image = found[0]!;
  const filter = image.get('Filter');
  const jpeg =
    isName(filter, 'DCTDecode') ||
    (filter.isArray() && filter.length === 1 && isName(filter.get(0), 'DCTDecode'));
  if (!jpeg) return null;
  if (!isGreyOrRgb(image.get('ColorSpace'))) return null;
  if (image.get('BitsPerComponent').asNumber() !== 8) return null;
  for (const key of ['SMask', 'Mask', 'Decode', 'DecodeParms', 'ImageMask']) {
    if (!image.get(key).isNull()) return null;
  }
  return image;
}

/**
 * The page's JPEG bytes when the page is exactly one upright JPEG over the whole page and
 * nothing else; null otherwise.
 */
export function wholePageJpeg(
  mupdf: typeof Mupdf,
  page: Page,
): { bytes: Buffer; width: number; height: number } | null {
  if (!page.isPDF()) return null;
  const pageObj = (page as Mupdf.PDFPage).getObject();
  const image = plainJpegXObject(pageObj);
  if (!image) return null;
  const { images, other } = survey(mupdf, page);
  if (other || images.length !== 1) return null;
  const drawn = images[0]!;
  const [a, b, c, d] = drawn.ctm;
  // Upright and unflipped: the unit square maps to a positive-width, positive-height box.
  if (b !== 0 || c !== 0 || a <= 0 || d <= 0) return null;
  const [x0, y0, x1, y1] = page.getBounds();
  if (a < (x1 - x0) * FULL_PAGE || d < (y1 - y0) * FULL_PAGE) return null;
  if (drawn.width !== image.get('Width').asNumber() || drawn.height !== image.get('Height').asNumber())
    return null;
  const raw = image.readRawStream();
  try {
    return { bytes: Buffer.from(raw.asUint8Array()), width: drawn.width, height: drawn.height };
  } finally {
    raw.destroy();
  }
}
