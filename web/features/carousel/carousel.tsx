import useEmblaCarousel from 'embla-carousel-react';
import {
  Children,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import styles from './carousel.module.css';
import { CarouselButton } from './carousel-button';
import { useReducedMotion } from './use-reduced-motion';

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
}

const focusable = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A horizontal carousel (Embla): swipe or drag, previous/next buttons, arrow keys anywhere inside.
 * Slide widths come from CSS alone, so the server-rendered markup already has its final layout.
 */
export function Carousel({ label, header, extra, children, className }: CarouselProps) {
  const { t } = useTranslation('cards');
  const slides = Children.toArray(children);
  const count = slides.length;
  const id = useId();
  const reducedMotion = useReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(count > 1);
  const slideRefs = useRef<(HTMLDivElement | null)[]>([]);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  const prev = useCallback(() => embla?.scrollPrev(reducedMotion), [embla, reducedMotion]);
  const next = useCallback(() => embla?.scrollNext(reducedMotion), [embla, reducedMotion]);

  /** Moves the focus to another slide and brings that slide into view. */
  const focusSlide = (index: number) => {
    const slide = slideRefs.current[index];
    if (!embla || !slide) return;
    (slide.querySelector<HTMLElement>(focusable) ?? slide).focus({ preventScroll: true });
    // slidesInView() counts the gap and the viewport's padding, so check the card itself.
    const view = embla.rootNode().getBoundingClientRect();
    const card = (slide.firstElementChild ?? slide).getBoundingClientRect();
    if (card.left < view.left - 1 || card.right > view.right + 1) {
      const snap = embla.internalEngine().slideRegistry.findIndex((group) => group.includes(index));
      if (snap >= 0) embla.scrollTo(snap, reducedMotion);
    }
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
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container} id={`${id}-slides`}>
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: Children.toArray keys the slides themselves
              key={index}
              ref={(node) => {
                slideRefs.current[index] = node;
              }}
              className={styles.slide}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { n: index + 1, m: count })}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
