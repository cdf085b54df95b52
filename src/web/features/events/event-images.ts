/** Shown wherever an event has no header image (organizer detail, public cards). Served from src/web/public. */
export const DEFAULT_EVENT_IMAGE = '/event-default.svg';

export const eventImageOf = (headerImage: string | null | undefined) => headerImage || DEFAULT_EVENT_IMAGE;
