import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage, normalizeLang } from '../../common/languages.js';
import { startEndDate } from '../../server/lib/cards.js';
import { distanceKm, lineLengthKm, projectOnLine } from '../../server/lib/geo.js';
import { likePattern, parseIds } from '../../server/lib/list.js';
import { tr } from '../../server/lib/translate.js';

describe('languages', () => {
  it('normalizes tags, ch meaning zh', () => {
    expect(normalizeLang('ch')).toBe('zh');
    expect(normalizeLang('EN-us')).toBe('en');
    expect(normalizeLang('zh_Hans')).toBe('zh');
    expect(normalizeLang('de')).toBeNull();
    expect(normalizeLang('')).toBeNull();
  });
  it('picks the best supported language of Accept-Language by quality, then order', () => {
    expect(langFromAcceptLanguage(undefined)).toBe('ru');
    expect(langFromAcceptLanguage('de-DE, en;q=0.3, zh;q=0.7')).toBe('zh');
    expect(langFromAcceptLanguage('en;q=0, ru;q=0.1')).toBe('ru');
    expect(langFromAcceptLanguage('en, zh')).toBe('en');
    expect(langFromAcceptLanguage('*')).toBe('ru');
  });
  it('falls back to ru field by field', () => {
    expect(tr({ ru: 'Выборг', en: 'Vyborg' }, 'en')).toBe('Vyborg');
    expect(tr({ ru: 'Выборг', en: '' }, 'en')).toBe('Выборг');
    expect(tr({ ru: 'Выборг' }, 'zh')).toBe('Выборг');
    expect(tr(null, 'zh')).toBe('');
  });
});

describe('list helpers', () => {
  it('parses id lists', () => {
    expect(parseIds('1,22,333')).toEqual([1, 22, 333]);
  });
  it('escapes LIKE wildcards and lower-cases', () => {
    expect(likePattern('Ab%_c\\')).toBe('%ab\\%\\_c\\\\%');
  });
  it("formats an event's dates for the footer", () => {
    expect(startEndDate('2026-12-19', '2027-01-08')).toBe('19.12.2026 - 08.01.2027');
    expect(startEndDate('2026-12-19', '2026-12-19')).toBe('19.12.2026');
    expect(startEndDate('2026-12-19', '2027-01-08').split(' ')[0]).toBe('19.12.2026');
  });
});

describe('geometry', () => {
  const spb: [number, number] = [59.9386, 30.3141];
  const vyborg: [number, number] = [60.7096, 28.749];
  it('measures great-circle distances', () => {
    expect(distanceKm(spb, vyborg)).toBeGreaterThan(115);
    expect(distanceKm(spb, vyborg)).toBeLessThan(125);
    expect(lineLengthKm([spb, vyborg, spb])).toBeCloseTo(2 * distanceKm(spb, vyborg), 6);
  });
  it('projects a point on a line: distance to it and distance along it', () => {
    const line: [number, number][] = [
      [60, 30],
      [60, 31],
    ];
    const p = projectOnLine([60.01, 30.5], line);
    expect(p.distanceKm).toBeCloseTo(1.11, 1);
    expect(p.alongKm).toBeCloseTo(distanceKm([60, 30], [60, 30.5]), 0);
    expect(projectOnLine([60, 29], line).alongKm).toBe(0);
  });
});
