/** The id of the header's emblem drawing, which the footer's emblem reuses. */
const drawingId = 'site-emblem';

/**
 * The portal's emblem: sun over forest and the waters of the Gulf and Lake Ladoga (decorative).
 * The header draws it; the footer's (`reuse`) points at that drawing with `<use>` instead of
 * repeating its paths on every page, and gets its own background through `--emblem-bg`.
 */
export function Emblem({ className, reuse = false }: { className?: string; reuse?: boolean }) {
  return (
    <svg
      viewBox="0 0 48 48"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {reuse ? (
        <use href={`#${drawingId}`} />
      ) : (
        <g id={drawingId}>
          <rect width="48" height="48" rx="13" fill="var(--emblem-bg, #14213d)" />
          <circle cx="31" cy="16" r="6.5" fill="#e0b040" />
          <path d="M7 31l7-10 4 5 5-8 6 9 3-3 9 7v3H7z" fill="#fff" />
          <path
            d="M7 36.5c2.7 0 2.7-1.8 5.4-1.8s2.7 1.8 5.4 1.8 2.7-1.8 5.4-1.8 2.7 1.8 5.4 1.8 2.7-1.8 5.4-1.8 2.7 1.8 5.4 1.8"
            fill="none"
            stroke="#e0b040"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </g>
      )}
    </svg>
  );
}
