import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ActivityFileError, activityMessages, type ActivityReading } from '../../../domain/activities/activities';
import { AppError, badRequest } from '../../app-error';
import { parseActivityFile } from './parse';

/**
 * Activity files (issue 15 item 5): a .fit, .gpx or .tcx file read into Log Hasil Latihan's
 * figures. Nothing is stored: the runner sees the figures and saves the run's result as typed.
 */

/** The file of a multipart request (field `file`); the 10 MB limit is the route plugin's `fileSize` (413 over it). */
export async function readActivityUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(activityMessages.noFile, 'NO_FILE');
  let bytes: Buffer;
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw badRequest(activityMessages.noFile, 'NO_FILE');
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', activityMessages.tooLarge, 'FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(activityMessages.tooManyParts, 'TOO_MANY_PARTS');
    throw badRequest(activityMessages.noFile, 'NO_FILE');
  }
  if (bytes.length === 0) throw badRequest(activityMessages.empty, 'ACTIVITY_EMPTY');
  return bytes;
}

const problemCodes: Record<ActivityFileError['problem'], string> = {
  empty: 'ACTIVITY_EMPTY',
  unknownFormat: 'ACTIVITY_UNKNOWN_FORMAT',
  corruptFit: 'ACTIVITY_CORRUPT_FIT',
  badXml: 'ACTIVITY_BAD_XML',
  xmlDoctype: 'ACTIVITY_XML_DOCTYPE',
  noTrack: 'ACTIVITY_NO_TRACK',
  noTime: 'ACTIVITY_NO_TIME',
  noDistance: 'ACTIVITY_NO_DISTANCE',
};

/** The figures of a file, or 400 with what is wrong with it (a parser's own fault too: never a 500 for a file). */
export function readActivityFile(bytes: Uint8Array, log?: FastifyBaseLogger): ActivityReading {
  try {
    return parseActivityFile(bytes);
  } catch (error) {
    if (error instanceof ActivityFileError) throw badRequest(error.message, problemCodes[error.problem]);
    log?.warn({ err: error, size: bytes.length }, 'activity file parser failed');
    throw badRequest(activityMessages.failed, 'ACTIVITY_UNREADABLE');
  }
}
