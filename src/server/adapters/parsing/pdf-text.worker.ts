import { extractText, getDocumentProxy } from 'unpdf';
import { checkInflatedBytes, type PdfTextJob } from './pdf-text';
import { serveJobs } from './serve-jobs';
import { ParseLimitError } from './worker-pool';

/** A PDF's text layer, page by page, read in a worker thread (pdf-text.ts posts the job and holds the limits). */
serveJobs<PdfTextJob, string[]>(async ({ data, maxPages, maxInflatedBytes }) => {
  checkInflatedBytes(Buffer.from(data.buffer, data.byteOffset, data.byteLength), maxInflatedBytes);
  const pdf = await getDocumentProxy(data);
  if (pdf.numPages > maxPages) throw new ParseLimitError('pages');
  const { text } = await extractText(pdf, { mergePages: false });
  return { value: text };
});
