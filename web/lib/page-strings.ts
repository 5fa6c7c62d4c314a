import type { i18n } from 'i18next';
import { createContext } from 'react';
import { queries } from '../api/queries';
import type { Translations } from '../i18n';
import { browserClients } from './query-client';

// The UI strings are files (/locales/<lang>/<namespace>.json) that a browser keeps for good: each
// is asked for with its namespace's version (`?v=`, which changes with the file), so a visitor's
// second page fetches none, and pages do not carry them. A server-rendered page names the
// namespaces it renders in its head (`<link rel="preload" data-ns>`: the root's shellNamespaces and
// the screen's, RouteData's `strings`), fetched at once while the page paints; the app's entry
// (web/entry.client.tsx) waits for them and the app starts with them
// (`window.__portalStrings`). A client-side navigation, a language switch and code that loads
// later (the maps, the feedback dialog) add the namespaces the browser lacks the same way.

/** The namespaces of every page: the menu, the footer, the dialogs they open, the shared words. */
export const shellNamespaces: readonly string[] = ['translation', 'layout'];

/** The address of one namespace of strings at its version (`versions`: the root's `stringVersions`). */
export function stringsHref(lang: string, namespace: string, versions: Record<string, string>): string {
  const version = versions[namespace];
  return `/locales/${lang}/${namespace}.json${version ? `?v=${version}` : ''}`;
}

let browserVersions: Record<string, string> = {};
/** Root gives the browser the versions of the strings, for what it fetches later. */
export function setStringVersions(versions: Record<string, string>): void {
  browserVersions = versions;
}
/** The version of a namespace, as the page that started the app named it. */
export function stringVersion(namespace: string): string | undefined {
  return browserVersions[namespace];
}

/** The strings the app's entry fetched for the page (the bundles of its namespaces, in its language). */
export function startStrings(): Translations {
  return (window as { __portalStrings?: Translations }).__portalStrings ?? {};
}

const serverInstances = new Map<string, i18n>();
/** On the server: the language's shared instance with all its strings, once the server made it. */
export function registerServerI18n(lang: string, instance: i18n): void {
  serverInstances.set(lang, instance);
}
/** On the server, a language's strings (what the page's head reads: web/lib/meta.ts). */
export function serverStrings(lang: string): Translations | undefined {
  return serverInstances.get(lang)?.store.data[lang] as Translations | undefined;
}

/** On the server: the language's shared instance (web/i18n.ts serverI18n), given by entry.server. */
export const ServerI18n = createContext<i18n | null>(null);

let browserI18n: i18n | undefined;
/** Root registers the browser's i18next instance. */
export function setBrowserI18n(instance: i18n): void {
  browserI18n = instance;
}

/** The browser's strings in its current language. */
export function browserTranslations(): Translations {
  if (!browserI18n) return {};
  return (browserI18n.store.data[browserI18n.language] ?? {}) as Translations;
}

/** Loads into the browser's i18next the namespaces of its current language that it lacks. */
export async function ensureStrings(namespaces: readonly string[]): Promise<void> {
  const instance = browserI18n;
  if (!instance) return;
  const lang = instance.language as Parameters<typeof queries.locale>[1];
  const { queryClient, api } = browserClients();
  await Promise.all(
    namespaces
      .filter((ns) => !instance.hasResourceBundle(lang, ns))
      .map(async (ns) => {
        const bundle = await queryClient.fetchQuery(queries.locale(api, lang, ns, stringVersion(ns)));
        instance.addResourceBundle(lang, ns, bundle, true, true);
      }),
  );
}
