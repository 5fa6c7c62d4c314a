import { loadOnFirstUse } from './on-first-use.js';

/**
 * sharp (libvips), loaded when a picture is first rendered or a photo first uploaded. One render
 * takes one libvips thread (and one of libuv's): the render queue's concurrency is then the number
 * of cores and libuv threads that pictures may take from the requests.
 */
export const imageLibrary = loadOnFirstUse(async () => {
  const { default: sharp } = await import('sharp');
  sharp.concurrency(1);
  return sharp;
});
