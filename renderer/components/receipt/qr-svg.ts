import QRCode from 'qrcode';

// A receipt's QR as an SVG data URL, built synchronously from the modules: it is in the page in the same
// render as the rest of the receipt, so window.print() right after never catches a blank square, and a
// vector prints crisp at any printer resolution. CSP allows img-src data:.

const QUIET_ZONE_MODULES = 4;

export function qrSvg(text: string): string {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const side = size + 2 * QUIET_ZONE_MODULES;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (data[row * size + col]) path += `M${col + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h1v1h-1z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

export function qrSvgDataUrl(text: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(text))}`;
}
