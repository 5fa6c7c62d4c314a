const paths = {
  pin: 'M10 18s-6-5.3-6-10a6 6 0 1 1 12 0c0 4.7-6 10-6 10Zm0-7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  length:
    'M5 13a2 2 0 1 0 0 4a2 2 0 1 0 0-4ZM15 3a2 2 0 1 0 0 4a2 2 0 1 0 0-4ZM7 15h5.5a2.5 2.5 0 0 0 0-5h-5a2.5 2.5 0 0 1 0-5H13',
  travel: 'M10 3a7 7 0 1 0 0 14a7 7 0 1 0 0-14ZM12.5 7.5l-1.5 4-4 1.5 1.5-4Z',
  calendar: 'M4 5h12v12H4zM4 9h12M7 3v4M13 3v4',
  venue: 'M3 17h14M5 17V8l5-4 5 4v9M8 17v-5h4v5',
  clock: 'M10 3a7 7 0 1 0 0 14a7 7 0 1 0 0-14ZM10 6v4l3 2',
} as const;

export type IconName = keyof typeof paths;

/** A small decorative line icon beside a card fact (stroked by the `line-icon` rules of global.css). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="16"
      height="16"
      aria-hidden="true"
      className={className ? `line-icon line-icon--thin ${className}` : 'line-icon line-icon--thin'}
    >
      <path d={paths[name]} />
    </svg>
  );
}
