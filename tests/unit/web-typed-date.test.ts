import { describe, expect, it } from 'vitest';
import { readTypedDate, typedDate } from '../../web/components/dates/typed-date.js';

// Dates typed into the site's date fields, in the page's language (web/components/dates/date-field.tsx).

describe('a typed date', () => {
  it("is written in the digits of the page's language", () => {
    expect(typedDate('2026-12-05', 'ru-RU')).toBe('05.12.2026');
    expect(typedDate('2026-12-05', 'en-GB')).toBe('05/12/2026');
    expect(typedDate('2026-12-05', 'zh-CN')).toBe('2026/12/05');
  });

  it("is read in the order of the page's language", () => {
    expect(readTypedDate('12.12.2026', 'ru-RU')).toBe('2026-12-12');
    expect(readTypedDate('5.1.2027', 'ru-RU')).toBe('2027-01-05');
    expect(readTypedDate('05.01.27', 'ru-RU')).toBe('2027-01-05');
    expect(readTypedDate(' 5.01.2027 г. ', 'ru-RU')).toBe('2027-01-05');
    expect(readTypedDate('05012027', 'ru-RU')).toBe('2027-01-05');
    expect(readTypedDate('05/01/2027', 'en-GB')).toBe('2027-01-05');
    expect(readTypedDate('5-1-2027', 'en-GB')).toBe('2027-01-05');
    expect(readTypedDate('2027/1/5', 'zh-CN')).toBe('2027-01-05');
    expect(readTypedDate('2027年1月5日', 'zh-CN')).toBe('2027-01-05');
    expect(readTypedDate('20270105', 'zh-CN')).toBe('2027-01-05');
    // the ISO form in every language
    for (const locale of ['ru-RU', 'en-GB', 'zh-CN'])
      expect(readTypedDate('2027-01-05', locale)).toBe('2027-01-05');
  });

  it('is empty when nothing is typed, and no date when it is not one', () => {
    expect(readTypedDate('  ', 'ru-RU')).toBe('');
    expect(readTypedDate('30.02.2026', 'ru-RU')).toBeNull();
    expect(readTypedDate('12.13.2026', 'ru-RU')).toBeNull();
    expect(readTypedDate('12/31/2026', 'en-GB')).toBeNull();
    expect(readTypedDate('12.2026', 'ru-RU')).toBeNull();
    expect(readTypedDate('12 декабря 2026', 'ru-RU')).toBeNull();
    expect(readTypedDate('1.2.3.4', 'ru-RU')).toBeNull();
    expect(readTypedDate('123.12.2026', 'ru-RU')).toBeNull();
    expect(readTypedDate('12.12.202', 'ru-RU')).toBeNull();
  });
});
