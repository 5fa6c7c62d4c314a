/**
 * A library loaded when it is first needed, not when the server starts: what only some requests
 * or settings use (picture rendering, mail, Redis) would otherwise cost every process its loading
 * time at each start, a cluster's workers included (sharp with its native part, nodemailer and
 * ioredis: about 0.6 s of CPU together). One load per process, shared by every caller.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}
