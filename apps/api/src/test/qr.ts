import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the QR code in a PNG picture (a screenshot), read by jsQR; null when there is none. */
export function readQrCode(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}

/**
 * The same read by a second, independent decoder: zbar's `zbarimg` (Debian package zbar-tools), as
 * a phone's scanner library would; null when it finds no QR code. Throws when zbarimg is missing.
 */
export function readQrCodeWithZbar(png: Buffer): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'club-qr-'));
  try {
    const file = path.join(dir, 'qr.png');
    writeFileSync(file, png);
    const run = spawnSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', file]);
    if (run.error) throw run.error;
    return run.status === 0 ? run.stdout.toString('utf8').replace(/\n$/, '') : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
