import { uploadedImageSrcSet } from '../../domain/uploads/image-widths';

export { uploadedImageSrcSet };

/** Shown wherever an event has no header image or it fails to load. Served from src/web/public. */
export const DEFAULT_EVENT_IMAGE = '/event-default.svg';

export const eventImageOf = (headerImage: string | null | undefined) => headerImage || DEFAULT_EVENT_IMAGE;

/**
 * An event's header image (decorative: the event's name is beside it), the default one when missing or broken.
 * `width`/`height` give the box's proportions before the image arrives (no layout shift; the CSS
 * aspect ratio sets the drawn size). `priority` marks the page's largest image (fetched first, never lazy).
 */
export function EventImage({
  src,
  className,
  lazy = false,
  priority = false,
  width = 1200,
  height = 600,
  sizes = '100vw',
  onSettled,
}: {
  src: string | null | undefined;
  className?: string;
  lazy?: boolean;
  priority?: boolean;
  width?: number;
  height?: number;
  /** How wide the image is drawn, for picking from `srcset` (e.g. '(min-width: 1024px) 33vw, 100vw'). */
  sizes?: string;
  /**
   * Called once the image (or the default in its place) is loaded and decoded, ready to paint, or
   * has failed: e.g. to start work that must not compete with it.
   */
  onSettled?: () => void;
}) {
  const srcSet = uploadedImageSrcSet(src);
  return (
    <img
      src={eventImageOf(src)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt=""
      width={width}
      height={height}
      decoding="async"
      loading={lazy && !priority ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      onLoad={(e) => {
        if (!onSettled) return;
        const decoded = typeof e.currentTarget.decode === 'function' ? e.currentTarget.decode() : Promise.resolve();
        void decoded.catch(() => {}).then(onSettled);
      }}
      onError={(e) => {
        // Once: the default itself failing must not loop.
        if (!e.currentTarget.src.endsWith(DEFAULT_EVENT_IMAGE)) {
          e.currentTarget.removeAttribute('srcset');
          e.currentTarget.src = DEFAULT_EVENT_IMAGE;
        } else {
          onSettled?.();
        }
      }}
    />
  );
}
