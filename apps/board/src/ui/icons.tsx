/** Small inline icons (decorative: every button also has a text label). */

const PATHS = {
  pen: 'M4 20l4-1 11-11-3-3L5 16l-1 4z',
  highlighter: 'M9 15l-4 5h6l2-2M9 15l8-8 3 3-8 8zM3 21h18',
  eraser: 'M16 4l5 5-10 10H6l-3-3zM9 20h12',
  pointer: 'M12 9a3 3 0 110 6 3 3 0 010-6zM12 2v4M12 18v4M2 12h4M18 12h4',
  prev: 'M15 6l-6 6 6 6',
  next: 'M9 6l6 6-6 6',
  zoomIn: 'M11 4a7 7 0 110 14 7 7 0 010-14zM11 8v6M8 11h6M16 16l5 5',
  zoomOut: 'M11 4a7 7 0 110 14 7 7 0 010-14zM8 11h6M16 16l5 5',
  fitHeight: 'M12 3v18M8 7l4-4 4 4M8 17l4 4 4-4',
  fitWidth: 'M3 12h18M7 8l-4 4 4 4M17 8l4 4-4 4',
  addPage: 'M6 3h9l4 4v14H6zM12 10v7M8.5 13.5h7',
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 010 12h-3',
  redo: 'M15 14l5-5-5-5M20 9H10a6 6 0 000 12h3',
  bluetooth: 'M7 7l10 10-5 4V3l5 4L7 17',
  back: 'M19 12H5M11 6l-6 6 6 6',
  help: 'M12 3a9 9 0 110 18 9 9 0 010-18zM9.5 9a2.5 2.5 0 015 .5c0 1.5-2.5 2-2.5 3.5M12 17h.01',
  eraseWhole: 'M3 12c2-4 4-4 6 0s4 4 6 0 4-4 6 0M4 20h16',
  erasePartial: 'M3 12c2-4 4-4 6 0M15 12c2 4 4 4 6 0M4 20h5M15 20h5',
  pages: 'M7 3h10v14H7zM4 7v14h10',
  pens: 'M4 20l4-1 11-11-3-3L5 16l-1 4zM14 6l3 3',
} as const;

function Icon(props: { d: string }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={props.d}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const Icons = Object.fromEntries(
  Object.entries(PATHS).map(([name, d]) => [name, <Icon key={name} d={d} />]),
) as Record<keyof typeof PATHS, React.ReactElement>;
