import { readFileSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): the PNG centred
 * on a white frame, as a YUV4MPEG2 (y4m) file of `frames` identical 4:2:0 frames. The picture is
 * turned grey (U = V = 128), enough for a QR code. Chromium plays the file in a loop.
 */
export function pngToY4m(pngFile: string, y4mFile: string, options: { width?: number; height?: number; frames?: number } = {}): void {
  const png = PNG.sync.read(readFileSync(pngFile));
  const width = options.width ?? Math.max(640, png.width + (png.width % 2)) + 64;
  const height = options.height ?? Math.max(480, png.height + (png.height % 2)) + 64;
  const frames = options.frames ?? 10;
  const left = Math.floor((width - png.width) / 2);
  const top = Math.floor((height - png.height) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      const alpha = png.data[i + 3]! / 255;
      const grey = (0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!) * alpha + 255 * (1 - alpha);
      // BT.601 studio range: black 16, white 235.
      luma[(top + y) * width + left + x] = Math.round(16 + (219 * grey) / 255);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(y4mFile, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
