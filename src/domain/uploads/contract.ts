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
