import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import type { Lang } from '../../common/languages';

/**
 * The one HTTP client of the web app (spec section 7): JSON, the XSRF-TOKEN cookie and
 * X-XSRF-TOKEN header names, no timeout. In the browser it calls the documented /api endpoints; on
 * the server the same calls go to the API in-process through `adapter`.
 */
export function createApiClient(adapter?: AxiosAdapter): AxiosInstance {
  const api = axios.create({
    headers: { Accept: 'application/json' },
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    timeout: 0,
    ...(adapter ? { adapter } : {}),
  });
  api.interceptors.response.use(
    (response) => response,
    (error) => {
      console.error(
        `${error.config?.method?.toUpperCase() ?? 'GET'} ${error.config?.url ?? ''} failed: ${error.message}`,
      );
      return Promise.reject(error);
    },
  );
  return api;
}

/** A GET in the given language (every GET sends Accept-language). */
export async function getJson<T>(
  api: AxiosInstance,
  url: string,
  lang: Lang,
  params?: Record<string, string | number | readonly (string | number)[] | undefined>,
): Promise<T> {
  const response = await api.get<T>(url, {
    headers: { 'Accept-language': lang },
    params,
    paramsSerializer: { indexes: null },
  });
  return response.data;
}
