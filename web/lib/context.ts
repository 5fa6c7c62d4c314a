import type { QueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import type { Lang } from '../../common/languages';
import type { Translations } from '../i18n';

/** What the server hands to the loaders of a page request (server/web.ts builds it). */
export interface PortalLoadContext {
  api: AxiosInstance;
  lang: Lang;
  queryClient: QueryClient;
  translations: Translations;
  publicUrl: string;
  badgeScriptUrl: string;
}

declare module 'react-router' {
  interface AppLoadContext extends PortalLoadContext {}
}
