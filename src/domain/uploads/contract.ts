/**
 * The uploads API's contract: an image sent to our own server (event header, payment QR, coach
 * picture) and the public file it becomes. Pure: no I/O.
 */
import { z } from 'zod';

/** POST /api/uploads. */
export const uploadResultSchema = z.object({
  url: z.string(),
  key: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** GET /api/files/{key}: the bytes themselves, with the content type stored at upload. */
export const fileParamsSchema = z.object({ key: z.string().max(64) });

/** `?w=` asks for a smaller WebP copy (one of the widths `srcset` uses) when the browser accepts WebP. */
export const fileQuerySchema = z.object({ w: z.coerce.number().int().optional() });

/**
 * The largest image any upload may be (issue 26 §6, §8): width × height read from the file's header
 * before anything decodes it. A 10 MB PNG can claim 400 megapixels; at 40 MP a decoded copy stays
 * near 160 MB (RGBA), and a phone's usual 12 MP photo passes with room to spare.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const imageLimitMessages = {
  tooManyPixels: 'Resolusi gambar terlalu besar (maksimal 40 megapiksel). Perkecil gambar lalu unggah lagi.',
} as const;
