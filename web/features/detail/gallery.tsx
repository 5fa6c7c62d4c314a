import { type KeyboardEvent, useId } from 'react';
import type { LibraryPhotoT } from '../../../common/api';
import { CarouselButton } from '../../components/carousel/carousel-button';
import { useSnapTrack } from '../../components/carousel/use-snap-track';
import { Picture } from '../../components/picture/picture';
import { useTranslation } from '../../lib/translation';
import { useHydrated } from '../../lib/use-hydrated';
import styles from './gallery.module.css';

export interface GalleryProps {
  images: string[];
  /** The item's name: the pictures' alt text is "name, photo n of m". */
  name: string;
  /** Each picture's alt text and focal point when it is a photo of the media library (`image_photos`). */
  photos?: (LibraryPhotoT | null)[] | undefined;
}

const sizes = '(min-width: 1100px) 820px, 100vw';

/**
 * The item's pictures on CSS scroll snap: swipe (the browser's own scrolling, before the app starts
 * too), previous/next buttons, the arrow keys, Home and End when the gallery has the focus, and a
 * row of thumbnails that select a picture.
 */
export function Gallery({ images, name, photos }: GalleryProps) {
  const { t } = useTranslation('detail');
  const id = useId();
  const count = images.length;
  const { viewport, index: selected, scrollTo: go } = useSnapTrack(count);
  // The HTML holds the first picture only (the others are off the screen, and were a tenth of
  // the page): the rest, and the thumbnails' pictures (buttons that work once the app runs, at
  // the lower edge of a phone's first screen and below a 1440×900 one), come when the app starts,
  // in boxes of their size meanwhile.
  const hydrated = useHydrated();

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, number> = {
      ArrowLeft: selected - 1,
      ArrowRight: selected + 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(target);
  };

  const alt = (n: number) => t('gallery.alt', { name, n: n + 1, m: count });

  if (count === 0) {
    return <div className={`${styles.stage} ${styles.single} picture-fallback`} />;
  }
  if (count === 1) {
    return (
      <div className={`${styles.stage} ${styles.single} picture-fallback`}>
        <Picture
          src={images[0] ?? null}
          alt={name}
          photo={photos?.[0]}
          sizes={sizes}
          priority
          className={styles.image}
        />
      </div>
    );
  }
  return (
    <section
      className={styles.gallery}
      aria-roledescription={t('gallery.role')}
      aria-label={t('gallery.label', { name })}
      onKeyDown={onKeyDown}
    >
      <div className={styles.stage}>
        {/* Focusable: a scrolling region the keyboard must reach (its pictures hold no control). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is operable with the keyboard */}
        <div className={styles.viewport} ref={viewport} tabIndex={0}>
          <div className={styles.container} id={`${id}-slides`}>
            {images.map((src, n) => (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group
              <div
                key={src}
                className={`${styles.slide} picture-fallback`}
                role="group"
                aria-roledescription={t('gallery.slide')}
                aria-label={t('gallery.position', { n: n + 1, m: count })}
                aria-hidden={n !== selected}
              >
                {n === 0 || hydrated ? (
                  <Picture
                    src={src}
                    alt={alt(n)}
                    photo={photos?.[n]}
                    sizes={sizes}
                    priority={n === 0}
                    className={styles.image}
                  />
                ) : null}
              </div>
            ))}
          </div>
        </div>
        <div className={styles.arrows}>
          <CarouselButton
            direction="prev"
            label={t('gallery.previous')}
            disabled={selected === 0}
            onClick={() => go(selected - 1)}
            controls={`${id}-slides`}
          />
          <CarouselButton
            direction="next"
            label={t('gallery.next')}
            disabled={selected === count - 1}
            onClick={() => go(selected + 1)}
            controls={`${id}-slides`}
          />
        </div>
        <p className={styles.counter} aria-live="polite">
          {selected + 1} / {count}
        </p>
      </div>
      <ul className={styles.thumbs}>
        {images.map((src, n) => (
          <li key={src}>
            <button
              type="button"
              className={`${styles.thumb} picture-fallback`}
              aria-label={t('gallery.show', { n: n + 1, m: count })}
              aria-current={n === selected ? 'true' : undefined}
              aria-controls={`${id}-slides`}
              onClick={() => go(n)}
            >
              {hydrated ? (
                <Picture
                  src={src}
                  alt=""
                  photo={photos?.[n] && { ...photos[n], alt: '' }}
                  sizes="120px"
                  className={styles.thumbImage}
                />
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
