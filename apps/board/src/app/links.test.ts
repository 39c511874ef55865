import { describe, expect, it } from 'vitest';
import { boardLinks, DEFAULT_LINKS } from './links';

describe('links menu addresses', () => {
  it('real defaults (no placeholder address), each configurable', () => {
    expect(Object.values(boardLinks({})).some((u) => u.includes('.invalid'))).toBe(false);
    expect(boardLinks({})).toEqual(DEFAULT_LINKS);
    const links = boardLinks({
      VITE_BOARD_LINK_INQUIRY: 'mailto:help@school.example',
      VITE_BOARD_LINK_OLD_VERSION: '',
    });
    expect(links.inquiry).toBe('mailto:help@school.example');
    expect(links.oldVersion).toBe('');
    expect(links.guide).toBe('./?help=1');
  });
});
