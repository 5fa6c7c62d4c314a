import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import type { LibraryPhotoT } from '../../../common/api';

const widths = [320, 480, 640, 960, 1280, 1600] as const;

/**
 * The widest a picture of these CSS `sizes` is shown, in CSS pixels, or Infinity when it has no
 * bound. An entry `(min-width: A) N vw` holds below the smallest min-width of the entries before it
 * (the first that matches wins), the last one below the smallest of all; `N px` is N.
 */
export function widestOf(sizes: string): number {
  let below = Number.POSITIVE_INFINITY;
  let widest = 0;
  for (const entry of sizes.split(',').map((e) => e.trim())) {
    const match = /^(?:\(min-width:\s*(\d+)px\)\s+)?(\d+(?:\.\d+)?)(px|vw)$/.exec(entry);
    if (!match) return Number.POSITIVE_INFINITY;
    const value = Number(match[2]);
    widest = Math.max(widest, match[3] === 'px' ? value : (value / 100) * below);
    if (match[1]) below = Math.min(below, Number(match[1]));
  }
  return widest;
}

/**
 * The widths a picture's srcset lists: up to the first that covers twice its widest (a screen of
 * two device pixels per CSS pixel), so a 120 px thumbnail does not list the 1600 px rendition.
 */
export function widthsFor(sizes: string): readonly number[] {
  const needed = 2 * widestOf(sizes);
  const last = widths.findIndex((w) => w >= needed);
  return last < 0 ? widths : widths.slice(0, last + 1);
}

/** srcset of one format for a picture URL of the form /media/<id>/<width>.<format>. */
function srcSet(src: string, format: 'avif' | 'webp', sizes: string): string {
  return widthsFor(sizes)
    .map((w) => `${src.replace(/\/\d+\.(jpg|webp|avif)$/, `/${w}.${format}`)} ${w}w`)
    .join(', ');
}

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  /** A media URL from the API (`img`), or null for the fallback background. */
  src: string | null;
  alt: string;
  /** CSS sizes, e.g. "(min-width: 1100px) 25vw, 50vw". */
  sizes: string;
  /** Above the fold: load at once with high priority (the LCP image). */
  priority?: boolean;
  /**
   * What the media library says of the picture when it is an uploaded photo (the API's `img_photo`):
   * its alt text says what it shows better than `alt`, and a crop keeps its focal point in view.
   */
  photo?: LibraryPhotoT | null | undefined;
}

/** A focal point (0..1 from the left and the top) as CSS `object-position`, e.g. `50% 30%`. */
export const focalPosition = (photo: LibraryPhotoT) =>
  `${Math.round(photo.focal_x * 1000) / 10}% ${Math.round(photo.focal_y * 1000) / 10}%`;

/**
 * A responsive picture in AVIF and WebP, JPEG as the last resort. Without a source it renders nothing and the
 * container's fallback background (class "picture-fallback") shows, so a card or a page without a
 * picture keeps its shape. A picture that fails to load is taken away too, so the fallback shows
 * instead of the browser's broken-image icon and alt text drawn over it.
 */
export function Picture({
  src,
  alt,
  sizes,
  priority = false,
  photo,
  className,
  style,
  onError,
  ...rest
}: PictureProps) {
  const img = useRef<HTMLImageElement>(null);
  // The source that failed: another source (the same component showing another item) tries again.
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    // The server-rendered picture may have failed before the app started, when no error handler
    // listened yet: a finished load with no picture is that failure.
    const element = img.current;
    if (src && element?.complete && element.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (!src || !/^\/media\//.test(src) || failed === src) return null;
  // The largest picture of the first screen: asked for from the head, before the style sheets, so
  // that it is there for the first paint (React puts high-priority image preloads first).
  if (priority) {
    preload(src.replace(/\.(jpg|webp)$/, '.avif'), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcSet(src, 'avif', sizes),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(src, 'avif', sizes)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(src, 'webp', sizes)} sizes={sizes} />
      {/* Every browser the site supports takes one of the sources above (WebP and AVIF): the JPEG
          is the last resort of one that takes neither, so one width of it is enough. Its srcset
          was a third of the page's picture markup. */}
      <img
        src={src}
        alt={photo?.alt || alt}
        width={1600}
        height={1000}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
        className={className}
        style={photo ? { ...style, objectPosition: focalPosition(photo) } : style}
        {...rest}
        ref={img}
        onError={(event) => {
          setFailed(src);
          onError?.(event);
        }}
      />
    </picture>
  );
}
