import type { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { Lang } from '../../common/languages';
import type { PreviewRead } from '../../common/read-api';
import type { RenderedPage } from '../../common/web-entry';
import type { ApiClient } from '../api/client';
import type { Translations } from '../i18n';

/** What the server hands to the loaders of a page request (server/web.ts builds it). */
export interface PortalLoadContext {
  api: ApiClient;
  lang: Lang;
  queryClient: QueryClient;
  translations: Translations;
  /** The language's i18next instance with all its strings (shared by the requests). */
  i18n: i18n;
  /** The version of each namespace of strings: the browser fetches `?v=<version>` (page-strings.ts). */
  stringVersions: Record<string, string>;
  publicUrl: string;
  badgeScriptUrl: string;
  /** Where web/entry.server.tsx leaves the rendered page for the server (common/web-entry.ts). */
  page: RenderedPage;
  /** The staff's preview of an item in any state: there only when a member of staff is signed in. */
  preview?: PreviewRead;
}

declare module 'react-router' {
  interface AppLoadContext extends PortalLoadContext {}
}
