import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../common/search-texts';
import { hobbySearchUrl } from '../../web/features/home/hobby-search-url';
import { createI18n, langOfRequest, type Translations } from '../../web/i18n';
import { langHref, searchWithLang, withLang } from '../../web/lib/links';
import { I18nContext, useTranslation } from '../../web/lib/translation';

describe('search by hobbies', () => {
  it('keeps only the non-zero choices', () => {
    expect(hobbySearchUrl(0, 0)).toBe('/attractions/list');
    expect(hobbySearchUrl(4, 0)).toBe('/attractions/list?tourism_type__in=4');
    expect(hobbySearchUrl(0, 9)).toBe('/attractions/list?district__in=9');
    expect(hobbySearchUrl(4, 9)).toBe('/attractions/list?tourism_type__in=4&district__in=9');
  });
});

describe('addresses in the page language', () => {
  it('sets lng last in the query, keeping the rest as written', () => {
    expect(langHref('/', 'en')).toBe('/?lng=en');
    expect(langHref('/attractions/list?district__in=1,2&page=2', 'zh')).toBe(
      '/attractions/list?district__in=1,2&page=2&lng=zh',
    );
    expect(langHref('/search?q=%D0%B0&lng=ru', 'en')).toBe('/search?q=%D0%B0&lng=en');
    expect(langHref('/help-information#contacts', 'ru')).toBe('/help-information?lng=ru#contacts');
    expect(searchWithLang('?lng=en&tab=2', 'ru')).toBe('?tab=2&lng=ru');
    expect(searchWithLang('', 'en')).toBe('?lng=en');
  });

  it('leaves addresses that are no page of the site as they are', () => {
    for (const href of ['#main', 'https://vk.com/x', '//cdn.example.org/a', 'mailto:a@b.c', 'tel:+7812'])
      expect(langHref(href, 'en')).toBe(href);
  });

  it('gives a destination of parts its language in its query', () => {
    expect(withLang({ search: '?district=3' }, 'zh')).toEqual({ search: '?district=3&lng=zh' });
    expect(withLang({ pathname: '/map', hash: '#x' }, 'en')).toEqual({
      pathname: '/map',
      hash: '#x',
      search: '?lng=en',
    });
  });
});

describe('language of a page request', () => {
  const url = (q = '') => new URL(`http://portal.test/directions${q}`);
  it('takes lng from the query first, then the cookie, else ru; ch means zh', () => {
    expect(langOfRequest(url(), null)).toBe('ru');
    expect(langOfRequest(url('?lng=en'), 'i18next=zh')).toBe('en');
    expect(langOfRequest(url('?lng=ch'), null)).toBe('zh');
    expect(langOfRequest(url(), 'a=1; i18next=zh; b=2')).toBe('zh');
    expect(langOfRequest(url('?lng=fr'), 'i18next=en')).toBe('en');
    expect(langOfRequest(url(), 'i18next=xx')).toBe('ru');
  });
  it('without lng or the cookie takes the best match of Accept-Language, ru when none matches', () => {
    expect(langOfRequest(url(), null, 'en-US,en;q=0.9')).toBe('en');
    expect(langOfRequest(url(), null, 'zh-CN,zh;q=0.9')).toBe('zh');
    expect(langOfRequest(url(), null, 'zh-TW')).toBe('zh');
    expect(langOfRequest(url(), null, 'zh-Hans-CN')).toBe('zh');
    expect(langOfRequest(url(), null, 'de')).toBe('ru');
    expect(langOfRequest(url(), null, 'de-DE, en;q=0.4')).toBe('en');
    expect(langOfRequest(url(), 'i18next=ru', 'en-US')).toBe('ru');
    expect(langOfRequest(url('?lng=zh'), null, 'en-US')).toBe('zh');
    expect(langOfRequest(url(), 'i18next=xx', 'en')).toBe('en');
  });
});

describe('document title', () => {
  const site = 'Ленинградская область';
  it('adds the site name when it fits in 70 characters and is not in the title already', () => {
    expect(documentTitle('Выборгский замок', site)).toBe('Выборгский замок | Ленинградская область');
    expect(documentTitle('', site)).toBe(site);
    expect(documentTitle(site, site)).toBe(site);
    expect(documentTitle('Ленинградская область — путешествия рядом с Петербургом', site)).toBe(
      'Ленинградская область — путешествия рядом с Петербургом',
    );
    const long = 'Вдоль залива у Соснового Бора разметили велотропу';
    expect(documentTitle(long, site)).toBe(long);
  });
});

describe('UI strings of a screen', () => {
  it('gives a string asked for without options again, and the new one once the instance has it', () => {
    const i18n = createI18n('en', { translation: { hello: 'Hello' } } as unknown as Translations);
    const seen: string[] = [];
    function Screen() {
      const { t } = useTranslation('detail');
      seen.push(t('translation:hello'), t('title'), t('count', { n: 2 }));
      return null;
    }
    const render = () =>
      renderToString(createElement(I18nContext.Provider, { value: i18n }, createElement(Screen)));
    render();
    render();
    // A namespace that comes later (a screen's strings fetched on navigation) replaces the key.
    i18n.addResourceBundle('en', 'detail', { title: 'Title', count: '{{n}} places' }, true, true);
    render();
    expect(seen).toEqual([
      'Hello',
      'title',
      'count',
      'Hello',
      'title',
      'count',
      'Hello',
      'Title',
      '2 places',
    ]);
  });
});
