/** The app's icons: one path each, drawn in the text's colour, hidden from assistive tech. */
const glyphs = {
  gear: {
    box: 16,
    d: 'M9.4 1.2 9.8 3a5.5 5.5 0 0 1 1.3.76l1.75-.6 1.4 2.42-1.38 1.23a5.6 5.6 0 0 1 0 1.5l1.38 1.23-1.4 2.42-1.75-.6a5.5 5.5 0 0 1-1.3.76l-.4 1.8H6.6l-.4-1.8a5.5 5.5 0 0 1-1.3-.76l-1.75.6-1.4-2.42 1.38-1.23a5.6 5.6 0 0 1 0-1.5L1.75 5.58l1.4-2.42 1.75.6A5.5 5.5 0 0 1 6.2 3l.4-1.8h2.8ZM8 5.75a2.25 2.25 0 1 0 0 4.5 2.25 2.25 0 0 0 0-4.5Z',
  },
  map: { box: 16, d: 'M2 3.5h12v1.5H2zM2 7.25h12v1.5H2zM2 11h8v1.5H2z' },
  folder: {
    box: 16,
    d: 'M1.5 3.5A1.5 1.5 0 0 1 3 2h3.4l1.5 1.5H13a1.5 1.5 0 0 1 1.5 1.5v7.5A1.5 1.5 0 0 1 13 14H3a1.5 1.5 0 0 1-1.5-1.5v-9Z',
  },
  lock: {
    box: 16,
    d: 'M5 7V5a3 3 0 0 1 6 0v2h.5A1.5 1.5 0 0 1 13 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 13.5v-5A1.5 1.5 0 0 1 4.5 7H5Zm1.5 0h3V5a1.5 1.5 0 0 0-3 0v2Z',
  },
  share: {
    box: 16,
    d: 'M12 10.5a2.5 2.5 0 0 0-1.93.91L6.4 9.29a2.5 2.5 0 0 0 0-2.58l3.67-2.12A2.5 2.5 0 1 0 9.5 3c0 .2.02.4.07.59L5.9 5.7a2.5 2.5 0 1 0 0 4.6l3.67 2.12A2.5 2.5 0 1 0 12 10.5Z',
  },
  download: {
    box: 16,
    d: 'M7.25 1.5h1.5v7.19l2.47-2.47 1.06 1.06L8 11.56 3.72 7.28l1.06-1.06 2.47 2.47V1.5ZM2 12.5h12V14H2v-1.5Z',
  },
  play: {
    box: 12,
    d: 'M3 1.5v9a.5.5 0 0 0 .77.42l7-4.5a.5.5 0 0 0 0-.84l-7-4.5A.5.5 0 0 0 3 1.5Z',
  },
  stop: {
    box: 12,
    d: 'M3.5 2h5A1.5 1.5 0 0 1 10 3.5v5A1.5 1.5 0 0 1 8.5 10h-5A1.5 1.5 0 0 1 2 8.5v-5A1.5 1.5 0 0 1 3.5 2Z',
  },
} as const;

export type IconName = keyof typeof glyphs;

/** An icon beside a visible or visually hidden label, `size` CSS pixels square. */
export function Icon({ name, size }: { name: IconName; size: number }) {
  const { box, d } = glyphs[name];
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={d} />
    </svg>
  );
}
