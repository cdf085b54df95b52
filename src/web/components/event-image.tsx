/** Shown wherever an event has no header image or it fails to load. Served from src/web/public. */
export const DEFAULT_EVENT_IMAGE = '/event-default.svg';

export const eventImageOf = (headerImage: string | null | undefined) => headerImage || DEFAULT_EVENT_IMAGE;

/** An event's header image (decorative: the event's name is beside it), the default one when missing or broken. */
export function EventImage({ src, className, lazy = false }: { src: string | null | undefined; className?: string; lazy?: boolean }) {
  return (
    <img
      src={eventImageOf(src)}
      alt=""
      loading={lazy ? 'lazy' : undefined}
      className={className}
      onError={(e) => {
        // Once: the default itself failing must not loop.
        if (!e.currentTarget.src.endsWith(DEFAULT_EVENT_IMAGE)) e.currentTarget.src = DEFAULT_EVENT_IMAGE;
      }}
    />
  );
}
