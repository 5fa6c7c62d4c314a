import { Children, type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from '../../lib/translation';
import { useHydrated } from '../../lib/use-hydrated';
import styles from './carousel.module.css';
import { CarouselButton } from './carousel-button';
import { useSnapTrack } from './use-snap-track';

export interface CarouselProps {
  /** The accessible name of the carousel, e.g. the section title. */
  label: string;
  /** Shown at the top left (typically the section heading). */
  header?: ReactNode;
  /** Shown at the top right, before the previous/next buttons (typically an "all" link). */
  extra?: ReactNode;
  /** One child per slide. */
  children: ReactNode;
  className?: string;
  /**
   * How many slides the server's HTML holds, when not all: the first screen's. The others come when
   * the app starts, a frame after the first paint (without JavaScript the track scrolls through
   * these only).
   */
  serverSlides?: number;
}

const focusable = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A horizontal carousel on CSS scroll snap: swipe, the trackpad or the wheel (the browser's own
 * scrolling, which works before the app starts), previous/next buttons, arrow keys anywhere inside.
 * Slide widths come from CSS alone, so the server-rendered markup already has its final layout.
 */
export function Carousel({ label, header, extra, children, className, serverSlides }: CarouselProps) {
  const { t } = useTranslation('cards');
  const all = Children.toArray(children);
  const count = all.length;
  const hydrated = useHydrated();
  const slides = serverSlides !== undefined && !hydrated ? all.slice(0, serverSlides) : all;
  const id = useId();
  const { viewport, index, canPrev, canNext, scrollTo } = useSnapTrack(slides.length);
  const slideRefs = useRef<(HTMLDivElement | null)[]>([]);

  const prev = () => scrollTo(index - 1);
  const next = () => scrollTo(index + 1);

  /** Moves the focus to another slide and brings that slide into view. */
  const focusSlide = (n: number) => {
    const slide = slideRefs.current[n];
    const track = viewport.current;
    if (!slide || !track) return;
    (slide.querySelector<HTMLElement>(focusable) ?? slide).focus({ preventScroll: true });
    const view = track.getBoundingClientRect();
    const card = slide.getBoundingClientRect();
    if (card.left < view.left - 1 || card.right > view.right + 1) scrollTo(n);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const keys: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -count, End: count };
    const step = keys[event.key];
    if (step === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    const current = slideRefs.current.findIndex((s) => s?.contains(event.target as Node));
    if (current >= 0) {
      event.preventDefault();
      focusSlide(Math.min(count - 1, Math.max(0, current + step)));
    } else if (step === -1 || step === 1) {
      event.preventDefault();
      if (step < 0) prev();
      else next();
    }
  };

  return (
    <section
      className={className ? `${styles.carousel} ${className}` : styles.carousel}
      aria-roledescription={t('carousel.role')}
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <div className={styles.top}>
        {header && <div className={styles.header}>{header}</div>}
        <div className={styles.actions}>
          {extra}
          <div className={styles.buttons}>
            <CarouselButton
              direction="prev"
              label={t('carousel.previous')}
              disabled={!canPrev}
              onClick={prev}
              controls={`${id}-slides`}
            />
            <CarouselButton
              direction="next"
              label={t('carousel.next')}
              disabled={!canNext}
              onClick={next}
              controls={`${id}-slides`}
            />
          </div>
        </div>
      </div>
      <div className={styles.viewport} ref={viewport}>
        <div className={styles.container} id={`${id}-slides`}>
          {slides.map((slide, n) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: Children.toArray keys the slides themselves
              key={n}
              ref={(node) => {
                slideRefs.current[n] = node;
              }}
              className={styles.slide}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { n: n + 1, m: count })}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
