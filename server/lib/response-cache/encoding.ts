import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** Bodies smaller than this go out uncompressed (as @fastify/compress does). */
export const compressFrom = 1024;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with: br, then gzip, then none (a `q=0` refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let picked = encodingOf.get(acceptEncoding);
  if (picked === undefined) {
    picked = parseEncoding(acceptEncoding) ?? 'none';
    encodingOf.set(acceptEncoding, picked);
  }
  return picked === 'none' ? null : picked;
}

/** The encodings picked for the Accept-Encoding values seen (browsers send a handful). */
const encodingOf = new LRUCache<string, Encoding | 'none'>({ max: 256 });

function parseEncoding(acceptEncoding: string): Encoding | null {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** A body compressed for one encoding (brotli at quality 5: most of its gain at a fraction of 11's time). */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body);
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
