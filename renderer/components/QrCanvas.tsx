import { useLayoutEffect, useRef } from 'react';
import { qrModulesOf } from './qr-modules.ts';

// Draws a QR code locally, module by module, so every module is a whole number of device pixels (crisp
// edges a camera decodes at 40 cm) with the 4-module quiet zone the standard asks for. Drawn in a layout
// effect: the QR is on screen in the same frame as the rest of the payment view. Its modules come from
// qr-modules.ts, usually encoded already (from the event that announced the QR).

const QUIET_ZONE_MODULES = 4;

export interface QrCanvasProps {
  readonly payload: string;
  /** Smallest size on screen, in CSS pixels. */
  readonly minCssPx?: number;
  readonly label: string;
  readonly testId: string;
}

export function QrCanvas({ payload, minCssPx = 300, label, testId }: QrCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The size is known before the first paint (the modules are usually encoded already): one render, no second
  // one from a size found in the effect.
  const modules = qrModulesOf(payload);
  const sideModules = modules.size + 2 * QUIET_ZONE_MODULES;
  const dpr = window.devicePixelRatio || 1;
  const modulePx = Math.max(1, Math.ceil((minCssPx * dpr) / sideModules));
  const sidePx = modulePx * sideModules;

  useLayoutEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, sidePx, sidePx);
    context.fillStyle = '#000000';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.data[row * modules.size + col]) {
          context.fillRect(
            (col + QUIET_ZONE_MODULES) * modulePx,
            (row + QUIET_ZONE_MODULES) * modulePx,
            modulePx,
            modulePx,
          );
        }
      }
    }
  }, [modules, modulePx, sidePx]);

  return (
    <canvas
      ref={canvasRef}
      className="qr-canvas"
      role="img"
      aria-label={label}
      data-testid={testId}
      width={sidePx}
      height={sidePx}
      style={{ width: sidePx / dpr, height: sidePx / dpr }}
    />
  );
}
