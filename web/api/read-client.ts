import { isReadFailure, type ReadApi } from '../../common/read-api';
import { type ApiClient, ApiError } from './client';

/**
 * The API client of the server-side loaders: the same typed reads as the browser's
 * (common/read-api.ts), answered in-process by the functions the API's routes call, with the
 * objects the routes serialize, so a page costs no HTTP round trip and no JSON. A failure is the
 * ApiError the browser would get. The server renders pages without writes and reads only through
 * `read`: a `get` or a `post` here is a mistake.
 */
export function createReadClient(read: ReadApi): ApiClient {
  const failed = (error: unknown): never => {
    if (isReadFailure(error)) throw new ApiError(error.status, error.body, new Headers(), 'GET', error.path);
    throw error;
  };
  // Each read as it is, its failure made an ApiError.
  const reads = Object.fromEntries(
    Object.entries(read).map(([name, call]) => [
      name,
      (...args: unknown[]) => (call as (...a: unknown[]) => Promise<unknown>)(...args).catch(failed),
    ]),
  ) as unknown as ReadApi;
  return {
    read: reads,
    get: (url) => Promise.reject(new Error(`GET ${url}: the server's loaders read through \`read\``)),
    post: (url) => Promise.reject(new Error(`POST ${url}: the server renders pages without writes`)),
  };
}
