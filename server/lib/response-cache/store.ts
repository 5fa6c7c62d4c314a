import { LRUCache } from 'lru-cache';
import type { Lang } from '../../../common/languages.js';
import { chosenLang } from '../../../common/languages.js';
import type { Entry } from './entry.js';

/**
 * How long past its time an answer may still go to visitors while one request renders it anew
 * (the API tells shared caches the same: stale-while-revalidate=600).
 */
const staleSeconds = 600;

/**
 * The key of an answer: the URL with its query, the language of Accept-Language (an API answer's)
 * and the visitor's chosen one (a page's: `lng`, then the cookie; no need to parse a URL that has
 * neither). A page is the same for everyone with the same key.
 */
export function keyOf(lang: Lang, url: string, cookie: string | undefined): string {
  const chosen =
    cookie || url.includes('lng=') ? chosenLang(new URL(url, 'http://portal'), cookie ?? null) : null;
  return `${lang}|${chosen ?? lang}|${url}`;
}

/**
 * The kept answers (an LRU bounded by bytes) and the answers being rendered now: while one request
 * renders an answer, the others for the same key wait for it or get the stale one.
 */
export class AnswerStore {
  private readonly cache: LRUCache<string, Entry>;
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(megabytes: number) {
    const maxBytes = megabytes * 1024 * 1024;
    this.cache = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
      // the compressed copies come later: count them ahead, they are smaller than the body
      sizeCalculation: (entry) => Math.ceil(entry.body.length * 1.5) + 512,
    });
  }

  /**
   * The kept answer, fresh or stale; none past its stale time. (The LRU is not given the times
   * itself: with a TTL it reads the clock through a timer every millisecond, 4% of a hit's time.)
   */
  get(key: string): Entry | undefined {
    const entry = this.cache.get(key);
    if (entry && entry.freshUntil + staleSeconds * 1000 < Date.now()) {
      this.cache.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps an answer (fresh until `entry.freshUntil`, and stale for `staleSeconds` more). */
  set(key: string, entry: Entry): void {
    this.cache.set(key, entry);
  }

  delete(key: string): void {
    this.cache.delete(key);
  }

  /**
   * Counts the times the content changed: an answer rendered from before a change (its request
   * began under an earlier generation) is not kept, or it would hold the old content again.
   */
  generation = 0;

  /** Drops every kept answer: the content changed. */
  clear(): void {
    this.generation++;
    this.cache.clear();
  }

  /** Settles when the request rendering this key is done; undefined when none is. */
  renderingOf(key: string): Promise<void> | undefined {
    return this.rendering.get(key);
  }

  /** Marks the key as being rendered; the function returned ends that (call it once the answer is stored, or not). */
  startRendering(key: string): () => void {
    let done = () => {};
    const wait = new Promise<void>((resolve) => {
      done = () => {
        if (this.rendering.get(key) === wait) this.rendering.delete(key);
        resolve();
      };
    });
    this.rendering.set(key, wait);
    return done;
  }

  /** Whether a kept answer may go out now: fresh, or stale while another request renders it. */
  servable(key: string, entry: Entry): boolean {
    return entry.freshUntil > Date.now() || this.rendering.has(key);
  }
}
