import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Phone cameras save HEIC (HEVC-compressed HEIF), which the image library's own build cannot read
// (its HEIF support is AVIF only). heic-decode (libheif built to WebAssembly) reads it: a 12-megapixel
// photo takes seconds of one core, so it runs in a worker thread of its own and never holds up the
// portal's requests; one photo at a time, since each needs ~250 MB while it is read.

/** The decoder's module, resolved here so that the worker (evaluated code) loads the same copy. */
const decoderPath = createRequire(import.meta.url).resolve('heic-decode');

const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoderPath);
decode({ buffer: workerData.input }).then(
  ({ width, height, data }) => {
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ width, height, pixels }, [pixels.buffer]);
  },
  (error) => parentPort.postMessage({ error: String(error && error.message || error) }),
);
`;

export interface DecodedPixels {
  width: number;
  height: number;
  /** RGBA, four bytes a pixel, row after row. */
  pixels: Uint8Array;
}

let queue: Promise<unknown> = Promise.resolve();

/** The first image of a HEIC file as RGBA pixels, with its rotation and mirroring applied. */
export function decodeHeic(input: Buffer): Promise<DecodedPixels> {
  const run = () =>
    new Promise<DecodedPixels>((resolve, reject) => {
      const worker = new Worker(workerCode, { eval: true, workerData: { decoderPath, input } });
      worker.once('message', (m: DecodedPixels & { error?: string }) => {
        void worker.terminate();
        if (m.error) reject(new Error(m.error));
        else resolve({ width: m.width, height: m.height, pixels: m.pixels });
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the HEIC decoder stopped (exit ${code})`)));
    });
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
