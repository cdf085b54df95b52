import sharp from 'sharp';
import { serveJobs } from './serve-jobs';
import type { ImageJob } from './images';

/** Image copies made in a worker thread (images.ts posts the jobs and holds the limits). */
serveJobs<ImageJob, Uint8Array>(async (job) => {
  const image = sharp(job.data, { limitInputPixels: job.maxPixels });
  const out =
    job.op === 'webp'
      ? await image.rotate().resize({ width: job.width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer()
      : await image.resize({ width: job.width, kernel: 'lanczos3' }).png().toBuffer();
  // A copy that owns its memory can be moved to the main thread without copying again.
  const bytes = new Uint8Array(out);
  return { value: bytes, transfer: [bytes.buffer] };
});
