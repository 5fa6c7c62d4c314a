import type { ReadApi } from '../../common/read-api';
import { type ApiClient, ApiError, withParams } from './client';

/**
 * The API client of the server-side loaders: the same calls as the browser's, answered in-process
 * by the API's own read functions (common/read-api.ts) with the objects the routes serialize, so a
 * page costs no HTTP round trip and no JSON. A failure is the ApiError the browser would get.
 * The server renders pages without writes: a POST here is a mistake.
 */
export function createReadClient(read: ReadApi): ApiClient {
  return {
    async get<T>(url: string, lang: Parameters<ReadApi>[1], params?: Parameters<typeof withParams>[1]) {
      const path = withParams(url, params);
      const answer = await read(path, lang);
      if (answer.ok) return answer.data as T;
      throw new ApiError(answer.status, answer.body, new Headers(), 'GET', path);
    },
    post: (url) => Promise.reject(new Error(`POST ${url}: the server renders pages without writes`)),
  };
}
