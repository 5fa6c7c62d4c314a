import { describe, expect, it } from 'vitest';
import { cjkPieces, highlightRanges, likePattern, parseQuery, snippetOf } from '../../server/lib/search.js';

const marks = (text: string, q: string) =>
  highlightRanges(text, parseQuery(q)).map(([a, b]) => text.slice(a, b));

describe('search matcher helpers', () => {
  it('cuts a query into words and Han runs, dropping operators and one-letter words', () => {
    expect(parseQuery('  Крепость & !(Замок):*  ')).toEqual({
      text: 'крепость & !(замок):*',
      words: ['крепость', 'замок'],
      cjk: [],
    });
    expect(parseQuery('в Выборге').words).toEqual(['выборге']);
    expect(parseQuery('维堡城堡 castle')).toMatchObject({ words: ['castle'], cjk: ['维堡城堡'] });
    expect(parseQuery('%_%')).toMatchObject({ words: [], cjk: [] });
  });

  it('escapes LIKE wildcards and splits Han runs into two-character pieces', () => {
    expect(likePattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
    expect(cjkPieces('维堡')).toEqual(['维堡']);
    expect(cjkPieces('维堡城堡')).toEqual(['维堡', '堡城', '城堡']);
  });

  it('marks substrings, word forms and small misspellings, not unrelated words', () => {
    expect(marks('Остатки крепости Ям', 'крепость')).toEqual(['крепости']);
    expect(marks('Выборгский замок', 'выбрг')).toEqual(['Выборгский']);
    expect(marks('Выборгский замок', 'замки')).toEqual(['замок']);
    expect(marks('Vyborg Castle and the cathedral', 'castles')).toEqual(['Castle']);
    expect(marks('Old Vyborg', 'vyb')).toEqual(['Vyb']);
    expect(marks('维堡城堡', '维堡')).toEqual(['维堡']);
    expect(marks('维堡老城的城堡', '维堡城堡')).toEqual(['维堡', '城堡']);
    expect(marks('Собор и парк', 'крепость')).toEqual([]);
  });

  it('reads ё as е, as the Russian stemmer does, and keeps the text as written', () => {
    expect(marks('Долина с тремя озёрами', 'озеро')).toEqual(['озёрами']);
    expect(marks('Деревня Березово', 'берёзово')).toEqual(['Березово']);
    expect(marks('Берёзовая роща', 'березов')).toEqual(['Берёзов']);
  });

  it('takes the snippet from the annotation, or from the description around the match', () => {
    const terms = parseQuery('монрепо');
    expect(snippetOf('Парк Монрепо', 'Длинный текст', terms)).toBe('Парк Монрепо');
    const long = `${'Слово '.repeat(60)}и парк Монрепо\n\nна скалах. ${'Ещё '.repeat(60)}`;
    const snippet = snippetOf('Аннотация', long, terms);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet).toContain('парк Монрепо на скалах');
    expect(snippet.length).toBeLessThan(210);
  });

  it('with firstOnly stops after the first matching word, whose range is the earliest', () => {
    for (const [text, q] of [
      ['Крепость Корела и крепостная стена, крепости', 'крепость'],
      ['Замок 维堡城堡 и Выборгский замок', '维堡 замок'],
      ['Nothing here', 'fortress'],
      ['Vyborg Castle, Vyborg Bay', 'vyborg castle'],
    ] as const) {
      const all = highlightRanges(text, parseQuery(q));
      const first = highlightRanges(text, parseQuery(q), true);
      expect(first[0], text).toEqual(all[0]);
      expect(first.length).toBeLessThanOrEqual(all.length);
    }
  });
});
