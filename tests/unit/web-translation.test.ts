import fs from 'node:fs';
import path from 'node:path';
import type { i18n as I18n, TFunction } from 'i18next';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { languages } from '../../common/languages';
import { createI18n, type Translations } from '../../web/i18n';
import { I18nContext, useTranslation } from '../../web/lib/translation';

// web/lib/translation.ts stands in for react-i18next's binding and keeps a string asked for without
// options once looked up (decision 043). It must answer what i18next's own fixed `t` answers, for
// every string of every language: an i18next whose answers change (a new rule for keys, plurals or
// nesting, a string that depends on more than its key, language and namespace) fails here first.

const localesDir = path.resolve(import.meta.dirname, '../../locales');

function bundles(lang: string): Translations {
  const all: Translations = {};
  for (const file of fs.readdirSync(path.join(localesDir, lang)))
    if (file.endsWith('.json'))
      all[file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), 'utf8'));
  return all;
}

/** Every key of a namespace as `t` is asked for it: plural forms by their base key. */
function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = `${prefix}${key}`;
    if (value && typeof value === 'object')
      for (const k of keysOf(value as Record<string, unknown>, `${full}.`)) keys.add(k);
    else keys.add(full.replace(/_(zero|one|two|few|many|other)$/, ''));
  }
  return [...keys];
}

/** Renders a screen that calls the binding's `t` through `ask`; returns what it answered. */
function render<T>(i18n: I18n, ns: string | readonly string[], ask: (t: TFunction) => T): T {
  let answer: T | undefined;
  function Screen() {
    answer = ask(useTranslation(ns).t);
    return null;
  }
  renderToString(createElement(I18nContext.Provider, { value: i18n }, createElement(Screen)));
  return answer as T;
}

// What the screens pass: counts, numbers, names, dates and the like.
const options = {
  count: 3,
  n: 3,
  name: 'X',
  time: '10:00',
  value: 'V',
  query: 'Q',
  km: 5,
  page: 2,
  date: 'D',
};

describe.each(languages)('the strings of %s', (lang) => {
  const all = bundles(lang);
  const i18n = createI18n(lang, all);

  it.each(Object.keys(all))("answer what i18next's fixed t answers: %s", (ns) => {
    const keys = keysOf(all[ns] as Record<string, unknown>);
    const reference = i18n.getFixedT(lang, ns);
    const other = i18n.getFixedT(lang, 'translation');
    const expected = keys.map((k) => [reference(k), reference(k, options), other(`${ns}:${k}`)]);
    // twice: the second time from the binding's own store of plain answers
    for (let round = 0; round < 2; round++)
      expect(
        render(i18n, [ns, 'translation'], (t) => keys.map((k) => [t(k), t(k, options), t(`${ns}:${k}`)])),
      ).toEqual(expected);
  });
});

describe('the binding follows the instance', () => {
  it("gives a string added later, none once it is taken away, and the new language's", () => {
    const i18n = createI18n('en', { translation: { hello: 'Hello' } } as unknown as Translations);
    const ask = (t: TFunction) => [t('translation:hello'), t('title')];
    expect(render(i18n, 'detail', ask)).toEqual(['Hello', 'title']);
    i18n.addResourceBundle('en', 'detail', { title: 'Title' }, true, true);
    expect(render(i18n, 'detail', ask)).toEqual(['Hello', 'Title']);
    i18n.removeResourceBundle('en', 'detail');
    expect(render(i18n, 'detail', ask)).toEqual(['Hello', 'title']);
    i18n.addResourceBundle('ru', 'translation', { hello: 'Привет' }, true, true);
    void i18n.changeLanguage('ru');
    expect(render(i18n, 'detail', ask)).toEqual(['Привет', 'title']);
  });
});
