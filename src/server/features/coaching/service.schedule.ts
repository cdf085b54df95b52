import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { coachingMessages, type SchedulePreview } from '../../../domain/coaching/contract';
import { aiMessages } from '../../../domain/ai-coach/contract';
import type { IsoDay } from '../../../domain/shared/wire-date';
import { AppError, badRequest, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AiFailure } from '../../adapters/ai/port';
import { ParseLimitError } from '../../adapters/parsing/worker-pool';
import { scheduleMimeTypes, type ScheduleMime, type ScheduleReaderPort } from '../../adapters/schedule/port';
import { isUuid } from '../training-plan/service';
import { requirePixelLimit } from '../uploads/service';
import { findUserById } from '../users/service';
import { requireLiveConnection } from './service';

/**
 * Ubah Jadwal (runner-and-coach §2, §4, §5): which runner a coach may plan for, and reading a
 * schedule file into a preview. The plan itself is written by the training-plan service, with the
 * coach as the writer.
 */

/**
 * The runner whose plan the caller may read and change now: a live connection of the caller's, or
 * 404 with the same message whatever the reason (not theirs, ended, expired, unknown or malformed id).
 */
export async function coachedRunner(db: Db, coachId: string, runnerId: string): Promise<UserRow> {
  if (!isUuid(runnerId)) throw notFound(coachingMessages.notYourRunner);
  await requireLiveConnection(db, coachId, runnerId);
  const runner = await findUserById(db, runnerId);
  if (!runner) throw notFound(coachingMessages.notYourRunner);
  return runner;
}

/** The schedule file of a multipart request (field `file`): PNG, JPEG or PDF by content, at most 10 MB (the plugin's limit). */
export async function readScheduleUpload(request: FastifyRequest): Promise<{ data: Buffer; mime: ScheduleMime }> {
  if (!request.isMultipart()) throw badRequest(coachingMessages.scheduleNone, 'NO_FILE');
  let data: Buffer;
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw badRequest(coachingMessages.scheduleNone, 'NO_FILE');
    data = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', coachingMessages.scheduleSize, 'FILE_TOO_LARGE');
    throw badRequest(coachingMessages.scheduleNone, 'NO_FILE');
  }
  if (data.length === 0) throw badRequest(coachingMessages.scheduleNone, 'NO_FILE');
  const type = await fileTypeFromBuffer(data);
  const mime = scheduleMimeTypes.find((m) => m === type?.mime);
  if (!mime) throw badRequest(coachingMessages.scheduleFormat, 'UNSUPPORTED_FILE');
  if (mime !== 'application/pdf') await requirePixelLimit(data, coachingMessages.scheduleFormat);
  return { data, mime };
}

/** The runs of a schedule file as a preview; a file with none, or an answer that cannot be used, is 422 with the spec's message. */
export async function previewSchedule(reader: ScheduleReaderPort, file: { data: Buffer; mime: ScheduleMime }, today: IsoDay): Promise<SchedulePreview> {
  let runs;
  try {
    runs = await reader.read({ ...file, today });
  } catch (err) {
    // Pages, inflated bytes, time or heap beyond the reader's limits: the file is refused, the server goes on.
    if (err instanceof ParseLimitError) throw new AppError('unprocessable', coachingMessages.scheduleTooComplex, 'FILE_TOO_COMPLEX');
    if (err instanceof AiFailure) {
      if (err.kind === 'timeout') throw new AppError('timeout', aiMessages.timeout, 'AI_TIMEOUT');
      if (err.kind === 'unavailable') throw new AppError('gateway', coachingMessages.scheduleUploadFailed, 'SCHEDULE_READER_UNAVAILABLE');
      throw new AppError('unprocessable', coachingMessages.scheduleUnexpected, 'SCHEDULE_UNREADABLE');
    }
    throw err;
  }
  if (runs.length === 0) throw new AppError('unprocessable', coachingMessages.scheduleUnexpected, 'SCHEDULE_EMPTY');
  return { trainingPlan: runs };
}
