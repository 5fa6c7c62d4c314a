import type { QueryClient } from '@tanstack/react-query';
import type { Lang } from '../../common/languages';
import type { ApiClient } from '../api/client';
import type { Translations } from '../i18n';

/** What the server hands to the loaders of a page request (server/web.ts builds it). */
export interface PortalLoadContext {
  api: ApiClient;
  lang: Lang;
  queryClient: QueryClient;
  translations: Translations;
  publicUrl: string;
  badgeScriptUrl: string;
}

declare module 'react-router' {
  interface AppLoadContext extends PortalLoadContext {}
}
