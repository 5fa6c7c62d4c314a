import styles from './carousel.module.css';

interface CarouselButtonProps {
  direction: 'prev' | 'next';
  label: string;
  disabled: boolean;
  onClick: () => void;
  controls: string;
}

/** Previous or next. At an end it is aria-disabled, not disabled, so the focus stays on it. */
export function CarouselButton({ direction, label, disabled, onClick, controls }: CarouselButtonProps) {
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={label}
      aria-disabled={disabled}
      aria-controls={controls}
      onClick={disabled ? undefined : onClick}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d={direction === 'prev' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
