import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { createDecoder, type DecodedJob, type PrinterCodePage } from './escpos-decoder.ts';
import { jobSvg } from './job-svg.ts';

// A receipt printer on a port, for development and tests: it takes raw ESC/POS over TCP (like port 9100 of a
// real one), answers DLE EOT status queries for the state it is switched to, decodes each job (init, text in
// ASCII or its Chinese code page — Big5 or GB18030 —, native QR, cut) and keeps it as an SVG picture of the paper in a folder, served over HTTP.
// The HTTP side (loopback only) also switches the state: POST /state with paper-out, cover-open, offline,
// silent (answers nothing: not an ESC/POS printer), garbage, or ready.

export const VIRTUAL_PRINTER_STATES = ['ready', 'paper-out', 'cover-open', 'offline', 'silent', 'garbage'] as const;
export type VirtualPrinterState = (typeof VIRTUAL_PRINTER_STATES)[number];

/** DLE EOT 1, 2, 3, 4 answers per state (fixed bits 0x12 always set). */
const ANSWERS: Readonly<Record<Exclude<VirtualPrinterState, 'silent'>, readonly [number, number, number, number]>> = {
  ready: [0x12, 0x12, 0x12, 0x12],
  'paper-out': [0x1a, 0x32, 0x12, 0x72],
  'cover-open': [0x1a, 0x16, 0x12, 0x12],
  offline: [0x1a, 0x12, 0x52, 0x12],
  garbage: [0x00, 0xff, 0x00, 0xff],
};

export interface ReceivedJob extends DecodedJob {
  readonly id: number;
  readonly receivedAt: string;
  readonly svgPath: string;
}

export interface VirtualPrinter {
  readonly port: number;
  /** http://127.0.0.1:<port>: GET /jobs, GET /jobs/<id>.svg, POST /state. */
  readonly controlUrl: string;
  readonly jobs: readonly ReceivedJob[];
  /** Every byte received that was not a status query (a test proves "nothing was sent" with it). */
  jobBytes(): number;
  statusQueries(): number;
  drawerKicks(): readonly { onMs: number; offMs: number }[];
  setState(state: VirtualPrinterState): void;
  /** Resolves once every connection the till opened so far has closed (nothing more can arrive on them). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface VirtualPrinterOptions {
  readonly port?: number;
  readonly controlPort?: number;
  /** Where the job pictures go. */
  readonly folder: string;
  /** The Chinese code page of its firmware (a Hong Kong printer reads Big5, the default; a Singapore one GB18030). */
  readonly codePage?: PrinterCodePage;
}

export async function startVirtualPrinter(options: VirtualPrinterOptions): Promise<VirtualPrinter> {
  mkdirSync(options.folder, { recursive: true });
  let state: VirtualPrinterState = 'ready';
  const jobs: ReceivedJob[] = [];
  const kicks: { onMs: number; offMs: number }[] = [];
  let jobBytes = 0;
  let queries = 0;
  const open = new Set<Socket>();
  let idleWaiters: (() => void)[] = [];
  const settleIdle = (): void => {
    if (open.size > 0) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  };

  const printer: Server = createServer((socket) => {
    open.add(socket);
    const decoder = createDecoder((event) => {
      if (event.type === 'status-query') {
        queries += 1;
        if (state === 'silent') return;
        const answer = ANSWERS[state][event.n - 1];
        if (answer !== undefined) socket.write(Uint8Array.of(answer));
      } else if (event.type === 'drawer-kick') {
        kicks.push({ onMs: event.onMs, offMs: event.offMs });
      } else {
        const id = jobs.length + 1;
        const svgPath = join(options.folder, `job-${String(id).padStart(4, '0')}.svg`);
        writeFileSync(svgPath, jobSvg(event.job));
        jobs.push({ ...event.job, id, receivedAt: new Date().toISOString(), svgPath });
      }
    }, options.codePage);
    socket.on('data', (chunk: Buffer) => {
      jobBytes += countJobBytes(chunk);
      decoder.feed(chunk);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      open.delete(socket);
      settleIdle();
    });
  });
  await listen(printer, options.port ?? 0);

  const control = createHttpServer((request, response) => void serveControl(request, response));
  const serveControl = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'POST' && url.pathname === '/state') {
      let body = '';
      for await (const chunk of request) body += String(chunk);
      const wanted = body.trim() as VirtualPrinterState;
      if (!VIRTUAL_PRINTER_STATES.includes(wanted))
        return reply(response, 400, 'text/plain', `states: ${VIRTUAL_PRINTER_STATES.join(', ')}`);
      state = wanted;
      return reply(response, 200, 'text/plain', state);
    }
    if (request.method === 'GET' && url.pathname === '/jobs') {
      const list = jobs.map((job) => ({
        id: job.id,
        receivedAt: job.receivedAt,
        url: `/jobs/${job.id}.svg`,
        text: job.items.flatMap((item) => (item.type === 'text' ? [item.text] : [])),
        qr: job.items.flatMap((item) => (item.type === 'qr' ? [item.content] : [])),
        pictures: job.items.flatMap((item) =>
          item.type === 'raster' ? [{ widthDots: item.widthBytes * 8, height: item.height }] : [],
        ),
        cut: job.cut,
      }));
      return reply(response, 200, 'application/json', JSON.stringify({ state, jobs: list }));
    }
    const match = /^\/jobs\/(\d+)\.svg$/.exec(url.pathname);
    const job = match ? jobs[Number(match[1]) - 1] : undefined;
    if (request.method === 'GET' && job) return reply(response, 200, 'image/svg+xml', jobSvg(job));
    if (request.method === 'GET' && url.pathname === '/') {
      const links = jobs.map((j) => `<li><a href="/jobs/${j.id}.svg">job ${j.id}</a> ${j.receivedAt}</li>`).join('');
      return reply(response, 200, 'text/html; charset=utf-8', `<h1>Virtual printer: ${state}</h1><ul>${links}</ul>`);
    }
    reply(response, 404, 'text/plain', 'not found');
  };
  await listen(control, options.controlPort ?? 0);

  return {
    port: portOf(printer),
    controlUrl: `http://127.0.0.1:${portOf(control)}`,
    jobs,
    jobBytes: () => jobBytes,
    statusQueries: () => queries,
    drawerKicks: () => kicks,
    setState(next) {
      state = next;
    },
    idle: () =>
      new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      }),
    async close() {
      for (const socket of open) socket.destroy();
      await Promise.all([printer, control].map((server) => new Promise((done) => server.close(() => done(null)))));
    },
  };
}

/** Bytes of a chunk outside DLE EOT n queries (a query split across chunks counts as job bytes: the till never splits one). */
function countJobBytes(chunk: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < chunk.length; i += 1) {
    if (chunk[i] === 0x10 && chunk[i + 1] === 0x04 && i + 2 < chunk.length) i += 2;
    else count += 1;
  }
  return count;
}

function reply(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

function listen(server: Server | ReturnType<typeof createHttpServer>, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function portOf(server: Server | ReturnType<typeof createHttpServer>): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
