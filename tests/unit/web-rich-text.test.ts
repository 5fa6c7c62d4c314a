import { describe, expect, it } from 'vitest';
import { richParts } from '../../web/components/rich-text/rich-text';

describe('richParts', () => {
  it('splits text and [text](/path) links', () => {
    expect(richParts('See [the map](/map) and [VK](https://vk.com/tourism47).')).toEqual([
      { text: 'See ' },
      { text: 'the map', href: '/map' },
      { text: ' and ' },
      { text: 'VK', href: 'https://vk.com/tourism47' },
      { text: '.' },
    ]);
  });

  it('leaves anything that is not a safe link as text', () => {
    for (const text of ['[x](javascript:alert(1))', '[x]( /map)', 'a [b] (c)', '[](/map)', 'plain']) {
      expect(richParts(text)).toEqual([{ text }]);
    }
  });
});
