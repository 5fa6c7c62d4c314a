/**
 * How much of a piece of streamed HTML can be rewritten now: everything before a tag that is still
 * open at the end (`<` without its `>`), which waits for the next piece. Rewriters of a page stream
 * (the CSP nonce, the deferred start of the app) keep the rest for the next chunk.
 */
export function completeTagsEnd(text: string): number {
  const open = text.lastIndexOf('<');
  return open > text.lastIndexOf('>') ? open : text.length;
}
