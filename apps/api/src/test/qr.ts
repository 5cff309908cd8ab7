import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the QR code in a PNG picture (a screenshot), read by jsQR; null when there is none. */
export function readQrCode(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}
