import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { startVirtualPrinter } from './virtual-printer.ts';

// npm run printer [-- --port 9100 --control 9101 --folder ./printed --code-page big5|gb18030]: a virtual ESC/POS
// receipt printer (--code-page gb18030: a Simplified Chinese model, for a zh-Hans till).
// Settings → Devices → Receipt printer: network, host 127.0.0.1, the port printed below.

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9100' },
    control: { type: 'string', default: '9101' },
    folder: { type: 'string', default: join(tmpdir(), 'wallet-pos-printer') },
    'code-page': { type: 'string', default: 'big5' },
  },
});

const printer = await startVirtualPrinter({
  port: Number(values.port),
  controlPort: Number(values.control),
  folder: values.folder,
  codePage: values['code-page'] === 'gb18030' ? 'gb18030' : 'big5',
});
console.log(`Virtual receipt printer: ESC/POS on 127.0.0.1:${printer.port}`);
console.log(`Printed jobs: ${printer.controlUrl}/ (pictures in ${values.folder})`);
console.log(
  `Switch its state: curl -d paper-out ${printer.controlUrl}/state  (ready, cover-open, offline, silent, garbage)`,
);
const stop = (): void => void printer.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
