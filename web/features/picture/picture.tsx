import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';

const widths = [320, 480, 640, 960, 1280, 1600] as const;

/** srcset of one format for a picture URL of the form /media/<id>/<width>.<format>. */
function srcSet(src: string, format: 'avif' | 'webp' | 'jpg'): string {
  return widths.map((w) => `${src.replace(/\/\d+\.(jpg|webp|avif)$/, `/${w}.${format}`)} ${w}w`).join(', ');
}

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  /** A media URL from the API (`img`), or null for the fallback background. */
  src: string | null;
  alt: string;
  /** CSS sizes, e.g. "(min-width: 1100px) 25vw, 50vw". */
  sizes: string;
  /** Above the fold: load at once with high priority (the LCP image). */
  priority?: boolean;
}

/**
 * A responsive picture in AVIF, WebP and JPEG. Without a source it renders nothing and the
 * container's fallback background (class "picture-fallback") shows, so a card or a page without a
 * picture keeps its shape. A picture that fails to load is taken away too, so the fallback shows
 * instead of the browser's broken-image icon and alt text drawn over it.
 */
export function Picture({ src, alt, sizes, priority = false, className, onError, ...rest }: PictureProps) {
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
      imageSrcSet: srcSet(src, 'avif'),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(src, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(src, 'webp')} sizes={sizes} />
      <img
        src={src}
        srcSet={srcSet(src, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={1600}
        height={1000}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
        className={className}
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
