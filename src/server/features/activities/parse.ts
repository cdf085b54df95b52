import { ActivityFileError, toReading, type ActivityReading } from '../../../domain/activities/activities';
import { looksLikeFit, parseFit } from './parse-fit';
import { parseGpx } from './parse-gpx';
import { parseTcx } from './parse-tcx';
import { looksLikeXml, parseXml, xmlText } from './xml';

/**
 * An activity file → what fills Log Hasil Latihan. The format is decided by the content, never by
 * the name: the FIT header's '.FIT', else an XML document whose root is <gpx> or
 * <TrainingCenterDatabase>. Every way a file can be wrong is an ActivityFileError (a 400).
 */
export function parseActivityFile(bytes: Uint8Array): ActivityReading {
  if (bytes.length === 0) throw new ActivityFileError('empty');
  if (looksLikeFit(bytes)) return toReading('fit', parseFit(bytes));
  const text = xmlText(bytes);
  if (!looksLikeXml(text)) throw new ActivityFileError('unknownFormat');
  const root = parseXml(text);
  if (root.name === 'gpx') return toReading('gpx', parseGpx(root));
  if (root.name === 'TrainingCenterDatabase') return toReading('tcx', parseTcx(root));
  throw new ActivityFileError('unknownFormat');
}
