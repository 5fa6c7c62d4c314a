import { describe, expect, it } from 'vitest';
import { createRenderQueue, type RenderTask } from '../../server/modules/media/render-queue.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Tasks that take `ms` and record when they ran, how many ran at once. */
function recorder(ms = 20) {
  const order: string[] = [];
  let now = 0;
  let most = 0;
  const task = (key: string, kind = 'k'): RenderTask<string> => ({
    key,
    kind,
    run: async () => {
      now++;
      most = Math.max(most, now);
      order.push(key);
      await sleep(ms);
      now--;
      return `done ${key}`;
    },
  });
  return { task, order, most: () => most };
}

describe('render queue', () => {
  it('runs at most `concurrency` works at once, and one work per key however many ask', async () => {
    const r = recorder();
    const queue = createRenderQueue<string>({ concurrency: 2, maxWaitMs: 5000 });
    const asks = ['a', 'b', 'a', 'c', 'a', 'b', 'd', 'c'].map((k) => queue.request(r.task(k)));
    const answers = await Promise.all(asks);
    expect(answers.map((a) => (a.done ? a.value : a))).toEqual([
      'done a',
      'done b',
      'done a',
      'done c',
      'done a',
      'done b',
      'done d',
      'done c',
    ]);
    expect(r.order).toEqual(['a', 'b', 'c', 'd']);
    expect(r.most()).toBe(2);
    expect(queue.idle).toBe(true);
  });

  it('runs the works requests wait for before background works', async () => {
    const r = recorder();
    const background = ['bg1', 'bg2', 'bg3'];
    const queue = createRenderQueue<string>({
      concurrency: 1,
      maxWaitMs: 5000,
      nextBackground: async () => {
        const key = background.shift();
        return key ? r.task(key) : undefined;
      },
    });
    queue.wake();
    await sleep(5);
    // bg1 runs; the requests come before bg2 and bg3
    const asked = [queue.request(r.task('x')), queue.request(r.task('y'))];
    await Promise.all(asked);
    while (!queue.idle) await sleep(10);
    expect(r.order).toEqual(['bg1', 'x', 'y', 'bg2', 'bg3']);
  });

  it('a request for a key rendering in the background joins that work', async () => {
    const r = recorder(50);
    let given = false;
    const queue = createRenderQueue<string>({
      concurrency: 1,
      maxWaitMs: 5000,
      nextBackground: async () => {
        if (given) return undefined;
        given = true;
        return r.task('p');
      },
    });
    queue.wake();
    await sleep(10);
    expect(await queue.request(r.task('p'))).toEqual({ done: true, value: 'done p' });
    expect(r.order).toEqual(['p']);
  });

  it('queues no work that could not start within the wait bound: the asker learns when to ask again', async () => {
    const r = recorder(210);
    const queue = createRenderQueue<string>({ concurrency: 1, maxWaitMs: 1000 });
    // Timed once at about 210 ms a work: five start within the 1 s bound (after 0, 210 … 840 ms;
    // fewer if the machine is slow), the rest come back later. Not 200 ms: the sixth would start at
    // exactly the bound, and a timer that fired a millisecond early let it in.
    await queue.request(r.task('first'));
    const asks = await Promise.all(Array.from({ length: 10 }, (_, i) => queue.request(r.task(`k${i}`))));
    for (const a of asks.filter((a) => !a.done)) {
      expect(a).toEqual({ done: false, retryAfterSeconds: expect.any(Number) });
      expect((a as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    while (!queue.idle) await sleep(10);
    const queued = r.order.length - 1;
    expect(queued).toBeGreaterThanOrEqual(3);
    expect(queued).toBeLessThanOrEqual(5);
    expect(asks.filter((a) => a.done).length).toBeLessThanOrEqual(queued);
  });

  it('takes an untimed kind at its guess: a slow one ahead turns the next asker away', async () => {
    const queue = createRenderQueue<string>({ concurrency: 1, maxWaitMs: 1000 });
    const slow = (key: string): RenderTask<string> => ({
      key,
      kind: 'slow',
      guessMs: 5000,
      run: async () => {
        await sleep(50);
        return key;
      },
    });
    const [first, second] = await Promise.all([queue.request(slow('a')), queue.request(slow('b'))]);
    expect(first).toEqual({ done: true, value: 'a' });
    expect(second).toEqual({ done: false, retryAfterSeconds: expect.any(Number) });
    expect((second as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(5);
  });

  it('a request whose wait runs out is told to ask again, and the work still ends', async () => {
    const queue = createRenderQueue<string>({ concurrency: 1, maxWaitMs: 300 });
    let ended = false;
    const work = (key: string, ms: number): RenderTask<string> => ({
      key,
      kind: 'k',
      run: async () => {
        await sleep(ms);
        ended = true;
        return key;
      },
    });
    // Timed at 10 ms: the next one of the kind is queued, and then takes longer than the wait.
    await queue.request(work('quick', 10));
    ended = false;
    const started = performance.now();
    const waited = await queue.request(work('slow', 800));
    expect(waited).toEqual({ done: false, retryAfterSeconds: expect.any(Number) });
    expect(performance.now() - started).toBeLessThan(700);
    expect(ended).toBe(false);
    while (!queue.idle) await sleep(10);
    expect(ended).toBe(true);
  });

  it('on close the waiting requests are told to ask again and the running work ends', async () => {
    const r = recorder(100);
    const queue = createRenderQueue<string>({ concurrency: 1, maxWaitMs: 5000 });
    const running = queue.request(r.task('a'));
    const queued = queue.request(r.task('b'));
    await sleep(10);
    await queue.close();
    expect(await running).toEqual({ done: true, value: 'done a' });
    expect(await queued).toEqual({ done: false, retryAfterSeconds: 1 });
    expect(r.order).toEqual(['a']);
    expect((await queue.request(r.task('c'))).done).toBe(false);
  });

  it('a failed work fails each of its askers and the queue goes on', async () => {
    const queue = createRenderQueue<string>({ concurrency: 1, maxWaitMs: 5000 });
    const failing: RenderTask<string> = {
      key: 'bad',
      kind: 'k',
      run: async () => {
        throw new Error('broken picture');
      },
    };
    const asks = [queue.request(failing), queue.request(failing)];
    for (const ask of asks) await expect(ask).rejects.toThrow('broken picture');
    expect(await queue.request(recorder().task('good'))).toEqual({ done: true, value: 'done good' });
  });
});
