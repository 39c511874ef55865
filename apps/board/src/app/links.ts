/**
 * The links menu's addresses (board.md §2), configurable at build time with Vite variables —
 * `VITE_BOARD_LINK_OLD_VERSION`, `…_INQUIRY`, `…_GUIDE`, `…_BUY_PEN`, `…_START` — each
 * defaulting to a real page: the board's own guide and start page, the pen maker's site, the
 * earlier GridaBoard. A link set to '' is left out of the menu; customer inquiry has no default
 * (an address of the operator's own), so it shows only where one is configured.
 */
import type { BoardLinks } from './boardApp';

/** The build's environment (Vite's `import.meta.env`). */
export type LinkEnv = Readonly<Record<string, string | boolean | undefined>>;

/** The defaults: the project's own pages where there are some. */
export const DEFAULT_LINKS: BoardLinks = {
  oldVersion: 'https://github.com/neostudio-team/GridaBoard2',
  inquiry: '',
  guide: './?help=1',
  buyPen: 'https://www.neosmartpen.com/',
  start: './',
};

const VARIABLES: Readonly<Record<keyof BoardLinks, string>> = {
  oldVersion: 'VITE_BOARD_LINK_OLD_VERSION',
  inquiry: 'VITE_BOARD_LINK_INQUIRY',
  guide: 'VITE_BOARD_LINK_GUIDE',
  buyPen: 'VITE_BOARD_LINK_BUY_PEN',
  start: 'VITE_BOARD_LINK_START',
};

/** The links of this build: each variable set, or its default. */
export function boardLinks(env: LinkEnv): BoardLinks {
  const pick = (k: keyof BoardLinks) => {
    const v = env[VARIABLES[k]];
    return typeof v === 'string' ? v.trim() : DEFAULT_LINKS[k];
  };
  return {
    oldVersion: pick('oldVersion'),
    inquiry: pick('inquiry'),
    guide: pick('guide'),
    buyPen: pick('buyPen'),
    start: pick('start'),
  };
}
