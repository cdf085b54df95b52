import { Readable, pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bibNumbersAssignedSchema,
  eventRegistrationsParamsSchema,
  organizerRegistrationParamsSchema,
  racepackBodySchema,
  registrationCsvQuerySchema,
  registrationCsvSchema,
  registrationDecisionSchema,
  registrationFilterQuerySchema,
  registrationListQuerySchema,
  registrationPageSchema,
  registrationResponseSchema,
  registrationXlsxSchema,
} from '../../../../domain/registrations/contract';
import { checkinListQuerySchema, checkinListSchema, type CheckinList, checkinSyncBodySchema, checkinSyncResponseSchema } from '../../../../domain/registrations/checkin';
import { csvQuoteMatch, RACEPACK_UNDO_MINUTES, racepackMessages, runnerExportColumns, runnerExportFileName, runnerExportRecord } from '../../../../domain/registrations/runner-export';
import type { Db } from '../../../db/client';
import { allowRoles, requireUser } from '../../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../../plugins/errors';
import {
  EXPORT_BATCH_SIZE,
  collectRacepack,
  eventRegistrationBatches,
  findManagedEvent,
  findManagedRegistration,
  listEventRegistrations,
  undoRacepack,
  type FoundRegistration,
  type ManagedEvent,
} from './service.runner-data';
import { applyCheckinMarks, readCheckinList, serializeCheckinList } from '../checkin/service';
import { assignMissingBibNumbers } from '../bib-numbers';
import { bibMessages } from '../../../../domain/events/bib-numbers';

const gzipAsync = promisify(gzip);

/** Desks at one venue often share one address (one router): the limits leave room for a dozen. */
export const CHECKIN_LIST_RATE_LIMIT = 60;
export const CHECKIN_SYNC_RATE_LIMIT = 600;
import { XLSX_CONTENT_TYPE, streamRunnerWorkbook } from './runner-xlsx';

/** An offline desk's queue: up to 500 marks of about 200 bytes (MAX_CHECKIN_BATCH). */
const CHECKIN_SYNC_BODY_LIMIT = 160 * 1024;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * RFC 6266 attachment header: a plain-ASCII `filename` for old clients and the exact UTF-8 name in
 * `filename*` (RFC 5987), so 'Lari Ceria — Édisi' survives.
 */
export function attachmentHeader(filename: string): string {
  const fallback = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The organizer's tools for one event (events-and-coach-pages §2 'Scan Runner QR', 'Data Pelari'):
 * list, search and export registrations, look one up by its QR value and hand out the racepack.
 * Only the event's organizer and admins; the role is checked before anything is read or validated.
 */
export async function organizerRegistrationRoutes(app: FastifyInstance, { db, exportBatchSize = EXPORT_BATCH_SIZE }: { db: Db; exportBatchSize?: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', allowRoles('organizer', 'admin'));

  // Resolved (and ownership-checked) before the body is validated, so a stranger learns nothing.
  const found = new WeakMap<FastifyRequest, FoundRegistration>();
  const loadRegistration = async (request: FastifyRequest) => {
    const { registrationId } = request.params as { registrationId: string };
    found.set(request, await findManagedRegistration(db, requireUser(request), String(registrationId ?? '')));
  };

  // The same for an event: another organizer gets 403 before their body is validated.
  const managed = new WeakMap<FastifyRequest, ManagedEvent>();
  const loadEvent = async (request: FastifyRequest) => {
    const { eventId } = request.params as { eventId: string };
    managed.set(request, await findManagedEvent(db, requireUser(request), String(eventId ?? '')));
  };

  r.get(
    '/api/runner-registrations/event/:eventId',
    {
      schema: {
        tags: ['runner-registrations'],
        summary:
          "The event's registrations, newest first; `q` searches id, name, email, phone, BIB, identity no., category and statuses; " +
          '`status`, `paymentStatus`, `category` (a categoryId) and `racepack` (collected | not_collected) filter, all combined by AND; ' +
          '`offset` and `limit` page through them (`total` counts every match, `eventTotal` the whole event; `categories` lists the filter choices)',
        params: eventRegistrationsParamsSchema,
        querystring: registrationListQuerySchema,
        response: {
          200: registrationPageSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const event = await findManagedEvent(db, requireUser(request), request.params.eventId);
      const { limit, offset, ...filters } = request.query;
      return listEventRegistrations(db, event, filters, { limit, offset });
    },
  );

  r.get(
    '/api/runner-registrations/event/:eventId/csv',
    {
      schema: {
        tags: ['runner-registrations'],
        summary:
          'The same registrations as CSV (UTF-8 with BOM, CRLF, 19 Indonesian columns), streamed in batches, with the list\'s search and filters; ' +
          "`sep=semicolon` separates with ';' (Excel with Indonesian settings)",
        params: eventRegistrationsParamsSchema,
        querystring: registrationCsvQuerySchema,
        produces: ['text/csv'],
        response: { 200: registrationCsvSchema, ...errors },
      },
    },
    async (request, reply) => {
      const event = await findManagedEvent(db, requireUser(request), request.params.eventId);
      const { sep, ...filters } = request.query;
      async function* records() {
        yield [...runnerExportColumns];
        for await (const batch of eventRegistrationBatches(db, event, filters, exportBatchSize)) {
          for (const registration of batch) yield runnerExportRecord(registration);
        }
      }
      // Bare \n or \r inside a value must be quoted too, or a spreadsheet splits the row there.
      const csv = stringify({ bom: true, record_delimiter: 'windows', quoted_match: csvQuoteMatch, delimiter: sep === 'semicolon' ? ';' : ',' });
      pipeline(Readable.from(records()), csv, (err) => {
        if (err) request.log.error({ err }, 'runner CSV export failed midway');
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(runnerExportFileName(event.name, new Date())))
        .header('cache-control', 'no-store')
        // A stream is piped as is; the 200 schema only documents the CSV for OpenAPI.
        .send(csv as unknown as string);
    },
  );

  r.get(
    '/api/runner-registrations/event/:eventId/xlsx',
    {
      schema: {
        tags: ['runner-registrations'],
        summary:
          'The same registrations as an Excel workbook (.xlsx): the 19 columns of the CSV, identity and phone numbers as text, ' +
          'dates as dates (dd/mm/yyyy), header row frozen with an auto-filter; streamed in batches, with the list\'s search and filters',
        params: eventRegistrationsParamsSchema,
        querystring: registrationFilterQuerySchema,
        produces: [XLSX_CONTENT_TYPE],
        response: { 200: registrationXlsxSchema, ...errors },
      },
    },
    async (request, reply) => {
      const event = await findManagedEvent(db, requireUser(request), request.params.eventId);
      const workbook = streamRunnerWorkbook(eventRegistrationBatches(db, event, request.query, exportBatchSize), (err) =>
        request.log.error({ err }, 'runner xlsx export failed midway'),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(runnerExportFileName(event.name, new Date(), 'xlsx')))
        .header('cache-control', 'no-store')
        .send(workbook as unknown as string);
    },
  );

  r.get(
    '/api/runner-registrations/event/:eventId/checkin-list',
    {
      config: { rateLimit: { max: CHECKIN_LIST_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['runner-registrations'],
        summary:
          "The offline racepack desk's check-in list (decision 022): per registration its id, a SHA-256 digest of its QR token " +
          '(never the token), name, BIB, category, size, status and when/which device took the racepack; no contacts, identity ' +
          'numbers or medical notes. Rows are tuples; gzip when accepted; ETag/304; `since` (an earlier `cursor`) returns only changes',
        params: eventRegistrationsParamsSchema,
        querystring: checkinListQuerySchema,
        response: { 200: checkinListSchema, 304: z.null().describe('Not modified'), ...errors },
      },
    },
    async (request, reply) => {
      const event = await findManagedEvent(db, requireUser(request), request.params.eventId);
      const { json: text, etag } = serializeCheckinList(await readCheckinList(db, event, request.query.since));
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      // Serialised here (and gzip'd when the client accepts it): 20 000 tuples need no schema walk.
      const json = Buffer.from(text);
      reply.header('content-type', 'application/json; charset=utf-8');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send((await gzipAsync(json, { level: 5 })) as unknown as CheckinList);
      }
      // A Buffer goes out as it is; the 200 schema documents it for OpenAPI.
      return reply.send(json as unknown as CheckinList);
    },
  );

  r.post(
    '/api/runner-registrations/event/:eventId/checkin-sync',
    {
      bodyLimit: CHECKIN_SYNC_BODY_LIMIT,
      config: { rateLimit: { max: CHECKIN_SYNC_RATE_LIMIT, timeWindow: '1 minute' } },
      preValidation: loadEvent,
      schema: {
        tags: ['runner-registrations'],
        summary:
          "Applies an offline desk's racepack marks (at most 500): first scan wins (decision 022); one result per mark, in order: " +
          'collected (also for a replay by the same device), already_collected (when and which device), refused (not paid, canceled…), not_found',
        params: eventRegistrationsParamsSchema,
        body: checkinSyncBodySchema,
        response: { 200: checkinSyncResponseSchema, ...errors },
      },
    },
    async (request) => {
      const results = await applyCheckinMarks(db, requireUser(request), managed.get(request)!, request.body.marks);
      return { results, syncedAt: new Date().toISOString() };
    },
  );

  r.post(
    '/api/runner-registrations/event/:eventId/bib-numbers',
    {
      preValidation: loadEvent,
      schema: {
        tags: ['runner-registrations'],
        summary:
          "'Beri Nomor BIB': gives every confirmed registration of the event that has no bib number one from its category's range, " +
          'in the order they were confirmed (those confirmed before a range was set or after it ran out). `missing`: still without one ' +
          '(their range is unset or used up)',
        params: eventRegistrationsParamsSchema,
        response: { 200: bibNumbersAssignedSchema, ...errors },
      },
    },
    async (request) => {
      const { assigned, missing } = await assignMissingBibNumbers(db, managed.get(request)!.id);
      return { assigned, missing, message: missing > 0 ? `${bibMessages.assigned(assigned)} ${bibMessages.stillMissing(missing)}` : bibMessages.assigned(assigned) };
    },
  );

  r.get(
    '/api/runner-registrations/:registrationId',
    {
      preValidation: loadRegistration,
      schema: {
        tags: ['runner-registrations'],
        summary: 'One registration by its _id, registrationId or scanned QR value (organizer of its event or admin)',
        params: organizerRegistrationParamsSchema,
        response: { 200: registrationResponseSchema, ...errors },
      },
    },
    async (request) => ({ registration: found.get(request)!.registration }),
  );

  r.patch(
    '/api/runner-registrations/:registrationId/racepack',
    {
      preValidation: loadRegistration,
      schema: {
        tags: ['runner-registrations'],
        summary: "Hands out the racepack: a confirmed registration becomes racepack_collected (409 when taken already or not paid)",
        params: organizerRegistrationParamsSchema,
        body: racepackBodySchema,
        response: { 200: registrationDecisionSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const registration = await collectRacepack(db, requireUser(request), found.get(request)!);
      return { registration, message: racepackMessages.collected };
    },
  );

  r.delete(
    '/api/runner-registrations/:registrationId/racepack',
    {
      preValidation: loadRegistration,
      schema: {
        tags: ['runner-registrations'],
        summary:
          `'Urungkan': takes back a racepack hand-over made by mistake (racepack_collected → confirmed), only by the organizer or admin who ` +
          `made it and within ${RACEPACK_UNDO_MINUTES} minutes of it (409 RACEPACK_UNDO_REFUSED otherwise; 409 RACEPACK_NOT_COLLECTED when not taken)`,
        params: organizerRegistrationParamsSchema,
        response: { 200: registrationDecisionSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const registration = await undoRacepack(db, requireUser(request), found.get(request)!);
      return { registration, message: racepackMessages.undone };
    },
  );
}
