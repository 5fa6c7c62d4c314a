import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../web/components/pagination/page-window';

describe('page selector window', () => {
  it('shows at most 4 pages around the current one, including the page before it', () => {
    expect(pageWindow(5, 10)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([7, 8, 9, 10]);
  });
  it('shows every page when there are 4 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 4)).toEqual([1, 2, 3, 4]);
  });
});
