import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

// The screens' i18next binding: a context with the page's instance and `useTranslation`, which
// re-renders on a language switch. It stands in for react-i18next's (the same `useTranslation(ns)`
// and `t`), which costs what the project's budgets cannot pay (decisions 024 and 043, measured with
// react-i18next 17.1.13 on i18next 26.7.2): its hook copies the whole i18next instance at each call
// (`createI18nWrapper`, ~60 calls a page) and its `t` copies the instance's options at each of ~300
// calls, 4 ms more CPU per uncached detail page (14 → 18 ms); and it adds 2.2 KB gzip to every
// page's scripts (the home page's are at its 150 KB budget). The screens use only this: strings
// that are there before a screen renders (web/lib/page-strings.ts), no Suspense, no <Trans>.
// It rests on i18next's public API only (`t` with `lng` and `ns`, the store's and the instance's
// events); tests/unit/web-translation.test.ts holds every string of the three languages against
// i18next's own fixed `t`, so an i18next whose answers differ fails there.

/** The page's i18next instance, for the screens below it (root.tsx provides it). */
export const I18nContext = createContext<I18n>(null as unknown as I18n);

interface Result {
  t: TFunction;
  i18n: I18n;
}

/** One `t` per instance, language and namespaces, made once. */
const made = new WeakMap<I18n, Map<string, Result>>();

function translation(i18n: I18n, lng: string, ns: string | readonly string[] | undefined): Result {
  const byKey = made.get(i18n) ?? new Map<string, Result>();
  made.set(i18n, byKey);
  // The first namespace is the default one; `other:key` reaches the others.
  const ns0 = typeof ns === 'string' ? ns : (ns?.[0] ?? 'translation');
  const key = `${lng}|${ns0}`;
  let result = byKey.get(key);
  if (!result) {
    // Straight to the instance: i18next's fixed `t` copies all its options at every call. The
    // separators are said outright in the instance's options (web/i18n.ts).
    const base = { lng, ns: ns0 };
    // A key asked for without options always gives the same string until the instance's strings
    // change (a namespace loaded later, or one taken away): it is looked up once. i18next's lookup
    // (resolving the key, plurals, nesting, post-processing) was an eighth of a server-rendered
    // page's time.
    const plain = new Map<string, string>();
    i18n.store?.on('added', () => plain.clear());
    i18n.store?.on('removed', () => plain.clear());
    const t = ((k: string, options?: object) => {
      if (options !== undefined) return i18n.t(k, { ...base, ...options });
      let text = plain.get(k);
      if (text === undefined) {
        text = i18n.t(k, base) as unknown as string;
        if (typeof text === 'string') plain.set(k, text);
      }
      return text;
    }) as TFunction;
    result = { t, i18n };
    byKey.set(key, result);
  }
  return result;
}

/** `t` of the page's language, with `ns` (the first of them) as the default namespace. */
export function useTranslation(ns?: string | readonly string[]): Result {
  const i18n = useContext(I18nContext);
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    [i18n],
  );
  const language = () => i18n.language;
  return translation(i18n, useSyncExternalStore(subscribe, language, language), ns);
}
