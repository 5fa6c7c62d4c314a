// A link checker in a process of its own: asks for the URLs given as arguments, CONNECTIONS at a
// time (the next as soon as one is answered), and prints one JSON line per answer (for a picture,
// the format and width sharp reads in it).
//   node --import tsx tests/helpers/crawler.ts CONNECTIONS TIMEOUT_MS URL...

import sharp from 'sharp';

export interface CrawledAnswer {
  url: string;
  status: number;
  ms: number;
  cacheControl: string;
  retryAfter: string | null;
  /** What sharp reads in an image answer. */
  image?: { format?: string; width?: number };
  error?: string;
}

const [connections, timeoutMs, ...urls] = process.argv.slice(2);
let next = 0;
await Promise.all(
  Array.from({ length: Number(connections) }, async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const started = performance.now();
      let answer: CrawledAnswer;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(Number(timeoutMs)) });
        const body = Buffer.from(await res.arrayBuffer());
        answer = {
          url,
          status: res.status,
          ms: performance.now() - started,
          cacheControl: res.headers.get('cache-control') ?? '',
          retryAfter: res.headers.get('retry-after'),
        };
        if (res.headers.get('content-type')?.startsWith('image/')) {
          const { format, width } = await sharp(body).metadata();
          answer.image = { format, width };
        }
      } catch (err) {
        answer = {
          url,
          status: 0,
          ms: performance.now() - started,
          cacheControl: '',
          retryAfter: null,
          error: (err as Error).name,
        };
      }
      process.stdout.write(`${JSON.stringify(answer)}\n`);
    }
  }),
);
