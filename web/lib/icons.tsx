const strokes = {
  search: 'M9 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12Zm4.2-1.8L18 18',
  menu: 'M3 5h14M3 10h14M3 15h14',
  close: 'M4 4l12 12M16 4L4 16',
  chevron: 'M5 7.5l5 5 5-5',
  pin: 'M10 18s-6-5.3-6-10a6 6 0 1 1 12 0c0 4.7-6 10-6 10Zm0-7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  mail: 'M3 5h14v10H3zM3 5l7 6 7-6',
  phone: 'M6 3h2.5l1.5 4-2 1.2a9 9 0 0 0 3.8 3.8L13 10l4 1.5V14a2 2 0 0 1-2 2A12 12 0 0 1 4 5a2 2 0 0 1 2-2Z',
  globe:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM2 10h16M10 2c2.2 2.2 3.2 5 3.2 8s-1 5.8-3.2 8c-2.2-2.2-3.2-5-3.2-8s1-5.8 3.2-8Z',
  message: 'M3 4h14v10H8l-4 3v-3H3z',
  // Detail pages: facts, downloads and share links.
  clock: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM10 5.5V10l3 2',
  tag: 'M3 3h7l7 7-7 7-7-7zM7 7.01V7',
  wallet: 'M3 6h13a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H3zM3 6l10-3v3M13 11.5h1',
  length:
    'M5 13a2 2 0 1 0 0 4a2 2 0 1 0 0-4ZM15 3a2 2 0 1 0 0 4a2 2 0 1 0 0-4ZM7 15h5.5a2.5 2.5 0 0 0 0-5h-5a2.5 2.5 0 0 1 0-5H13',
  compass: 'M10 3a7 7 0 1 0 0 14a7 7 0 1 0 0-14ZM12.5 7.5l-1.5 4-4 1.5 1.5-4Z',
  calendar: 'M4 5h12v12H4zM4 9h12M7 3v4M13 3v4',
  venue: 'M3 17h14M5 17V8l5-4 5 4v9M8 17v-5h4v5',
  download: 'M10 3v10M6 9l4 4 4-4M4 17h12',
  link: 'M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5L10 5M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1',
  send: 'M17 3L2 9l6 2 2 6zM8 11l9-8',
  navigate: 'M17 3 3 9.5l6 1.5 1.5 6z',
} as const;

export type LineIconName = keyof typeof strokes;

/** A decorative line icon (the accessible name always comes from text beside it). */
export function LineIcon({
  name,
  size = 20,
  className,
}: {
  name: LineIconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 20 20"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={strokes[name]} />
    </svg>
  );
}

/** The VK logo (decorative). */
export function VkIcon({ size = 24 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      <path d="M12.8 17.5C6.9 17.5 3.5 13.4 3.4 6.6h3c.1 5 2.3 7.1 4 7.5V6.6h2.8v4.3c1.7-.2 3.5-2.1 4.1-4.3h2.8c-.5 2.6-2.4 4.5-3.8 5.3 1.4.7 3.6 2.4 4.4 5.6h-3.1c-.7-2.1-2.4-3.8-4.5-4v4h-.3Z" />
    </svg>
  );
}
