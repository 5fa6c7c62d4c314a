import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

// The screens' i18next binding: a context with the page's instance and `useTranslation`, which
// re-renders on a language switch. It replaces react-i18next, whose hook on the server made a copy
// of the whole instance, a store subscription and a fixed `t` at each of a page's ~60 calls (and
// that `t` copied the instance's options at each of ~300 calls: a sixth of a detail page's render),
// and which with its store shim was 3 KB gzip of every page's scripts. The screens use only this:
// strings that are there before a screen renders (web/lib/page-strings.ts), no Suspense, no
// <Trans>.

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
    // Straight to the instance: i18next's fixed `t` copied all its options at every call. The
    // separators (i18next's own) said outright spare it a guess at each key whether it is an
    // object path or a sentence.
    const base = { lng, ns: ns0, keySeparator: '.', nsSeparator: ':' };
    // A key asked for without options always gives the same string until the instance gets more
    // strings (a namespace loaded later): it is looked up once. i18next's lookup (resolving the
    // key, plurals, nesting, post-processing) was an eighth of a server-rendered page's time.
    const plain = new Map<string, string>();
    i18n.store?.on('added', () => plain.clear());
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
