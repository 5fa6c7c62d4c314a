/** The line icons of every page (the frame's); a feature keeps its own beside its code. */
export const lineStrokes = {
  search: 'M9 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12Zm4.2-1.8L18 18',
  menu: 'M3 5h14M3 10h14M3 15h14',
  close: 'M4 4l12 12M16 4L4 16',
  chevron: 'M5 7.5l5 5 5-5',
  pin: 'M10 18s-6-5.3-6-10a6 6 0 1 1 12 0c0 4.7-6 10-6 10Zm0-7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  mail: 'M3 5h14v10H3zM3 5l7 6 7-6',
  phone: 'M6 3h2.5l1.5 4-2 1.2a9 9 0 0 0 3.8 3.8L13 10l4 1.5V14a2 2 0 0 1-2 2A12 12 0 0 1 4 5a2 2 0 0 1 2-2Z',
  globe:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM2 10h16M10 2c2.2 2.2 3.2 5 3.2 8s-1 5.8-3.2 8c-2.2-2.2-3.2-5-3.2-8s1-5.8 3.2-8Z',
} as const;

export type LineIconName = keyof typeof lineStrokes;

/**
 * A decorative line icon drawn from a path in a 20×20 box (the accessible name always comes from
 * text beside it). Its stroke comes from the `line-icon` rule of web/styles/global.css, not from
 * attributes repeated in each of the page's dozens of icons.
 */
export function StrokeIcon({ d, size = 20, className }: { d: string; size?: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width={size}
      height={size}
      aria-hidden="true"
      className={className ? `line-icon ${className}` : 'line-icon'}
    >
      <path d={d} />
    </svg>
  );
}

/** A line icon of the frame's set. */
export function LineIcon({ name, ...rest }: { name: LineIconName; size?: number; className?: string }) {
  return <StrokeIcon d={lineStrokes[name]} {...rest} />;
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
