import { createCanvas } from '@napi-rs/canvas';
import QRCode from 'qrcode';
import type { DecodedJob, JobItem } from './escpos-decoder.ts';

// A received job as a picture of the paper: its text lines (bold, large, aligned as sent), each QR drawn
// from its decoded content, so a phone or a test can read the QR back off the image, and each GS v 0 picture
// as the dots it carried (a PNG inside the SVG, one image pixel a printer dot).

const WIDTH = 576; // dots on an 80 mm head
const LINE = 24;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function jobSvg(job: DecodedJob): string {
  const parts: string[] = [];
  let y = 16;
  for (const item of job.items) {
    if (item.type === 'text') {
      const size = item.large ? 32 : 20;
      y += item.large ? 40 : LINE;
      const anchor = item.align === 1 ? 'middle' : item.align === 2 ? 'end' : 'start';
      const x = item.align === 1 ? WIDTH / 2 : item.align === 2 ? WIDTH - 8 : 8;
      const text = item.text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
      parts.push(
        `<text x="${x}" y="${y}" font-size="${size}" text-anchor="${anchor}"${item.bold ? ' font-weight="bold"' : ''} xml:space="preserve">${text}</text>`,
      );
    } else if (item.type === 'raster') {
      const width = item.widthBytes * 8;
      // Below the last text line's descenders (y is that line's baseline).
      y += 6;
      parts.push(
        `<image x="0" y="${y}" width="${width}" height="${item.height}" data-raster="${width}x${item.height}" href="data:image/png;base64,${rasterPng(item).toString('base64')}"/>`,
      );
      y += item.height;
    } else {
      const qr = QRCode.create(item.content, { errorCorrectionLevel: 'M' });
      const dots = Math.max(item.moduleDots, 4);
      const side = qr.modules.size;
      const left = Math.round((WIDTH - side * dots) / 2);
      // The quiet zone a reader needs: four modules above and below (the layout's blank lines may be less).
      y += 4 * dots;
      const cells: string[] = [];
      for (let row = 0; row < side; row += 1)
        for (let col = 0; col < side; col += 1)
          if (qr.modules.get(row, col)) cells.push(`M${left + col * dots} ${y + row * dots}h${dots}v${dots}h-${dots}z`);
      parts.push(
        `<path d="${cells.join('')}" fill="#000" data-qr="${item.content.replace(/[&<>"]/g, (c) => ESCAPES[c]!)}"/>`,
      );
      y += side * dots + 4 * dots;
    }
  }
  y += job.cut ? 24 : 8;
  if (job.cut) parts.push(`<line x1="0" y1="${y}" x2="${WIDTH}" y2="${y}" stroke="#000" stroke-dasharray="8 6"/>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${y + 8}" viewBox="0 0 ${WIDTH} ${y + 8}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<g font-family="'Noto Sans HK', monospace" fill="#000">`,
    ...parts,
    '</g></svg>',
  ].join('\n');
}

/** The picture's dots as a black-on-white PNG. */
export function rasterPng(item: Extract<JobItem, { type: 'raster' }>): Buffer {
  const width = item.widthBytes * 8;
  const canvas = createCanvas(width, item.height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(width, item.height);
  for (let y = 0; y < item.height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const black = (item.bits[y * item.widthBytes + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;
      const at = (y * width + x) * 4;
      image.data.fill(black ? 0 : 255, at, at + 3);
      image.data[at + 3] = 255;
    }
  context.putImageData(image, 0, 0);
  return canvas.toBuffer('image/png');
}
