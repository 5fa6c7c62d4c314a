import { createContext, type ReactNode, useContext } from 'react';
import { defaultLang, type Lang, normalizeLang } from '../../common/languages';
import type { ApiClient } from '../api/client';
import { browserClients } from './query-client';
import { useTranslation } from './translation';

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ children }: { children: ReactNode }) {
  return <ApiContext.Provider value={browserClients().api}>{children}</ApiContext.Provider>;
}

/** The HTTP client and the current language, for query options in components. */
export function useApi(): { api: ApiClient; lang: Lang } {
  const api = useContext(ApiContext);
  const { i18n } = useTranslation();
  if (!api) throw new Error('useApi outside ApiProvider');
  return { api, lang: normalizeLang(i18n.language) ?? defaultLang };
}
