/**
 * The widths the server makes WebP copies of uploaded images at (`GET /api/files/{key}?w=`), and the
 * `srcset` that uses them: one list for the server that makes the copies, the pages that draw them
 * and the HTML that preloads them (the same candidates, so a preload is the image the page uses).
 */
export const IMAGE_VARIANT_WIDTHS = [480, 800, 1200, 1600] as const;
export type VariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** `srcset` of an image uploaded to our own storage (its WebP copies); none for other addresses. */
export function uploadedImageSrcSet(src: string | null | undefined): string | undefined {
  if (!src || !/\/api\/files\/[a-f0-9]{32}\.(png|jpg|webp)$/.test(src)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}
