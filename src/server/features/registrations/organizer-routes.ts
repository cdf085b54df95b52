import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  eventRegistrationsParamsSchema,
  organizerRegistrationParamsSchema,
  racepackBodySchema,
  registrationCsvSchema,
  registrationDecisionSchema,
  registrationListQuerySchema,
  registrationPageSchema,
  registrationResponseSchema,
  registrationSearchQuerySchema,
} from '../../../domain/registrations/contract';
import { csvQuoteMatch, racepackMessages, runnerExportColumns, runnerExportFileName, runnerExportRecord } from '../../../domain/registrations/runner-export';
import type { Db } from '../../db/client';
import { allowRoles, requireUser } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import {
  EXPORT_BATCH_SIZE,
  collectRacepack,
  eventRegistrationBatches,
  findManagedEvent,
  findManagedRegistration,
  listEventRegistrations,
  type FoundRegistration,
} from './organizer-service';

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

  r.get(
    '/api/runner-registrations/event/:eventId',
    {
      schema: {
        tags: ['runner-registrations'],
        summary:
          "The event's registrations, newest first; `q` searches id, name, email, phone, BIB, identity no., category and statuses; " +
          '`limit` returns only the newest ones (`total` still counts every match, `eventTotal` the whole event); ' +
          '`status` keeps one status (e.g. `awaiting_verification`: the proofs of transfer to check)',
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
      return listEventRegistrations(db, event, request.query.q, request.query.limit, request.query.status);
    },
  );

  r.get(
    '/api/runner-registrations/event/:eventId/csv',
    {
      schema: {
        tags: ['runner-registrations'],
        summary: 'The same registrations as CSV (UTF-8 with BOM, CRLF, 18 Indonesian columns), streamed in batches',
        params: eventRegistrationsParamsSchema,
        querystring: registrationSearchQuerySchema,
        produces: ['text/csv'],
        response: { 200: registrationCsvSchema, ...errors },
      },
    },
    async (request, reply) => {
      const event = await findManagedEvent(db, requireUser(request), request.params.eventId);
      const q = request.query.q;
      async function* records() {
        yield [...runnerExportColumns];
        for await (const batch of eventRegistrationBatches(db, event, q, exportBatchSize)) {
          for (const registration of batch) yield runnerExportRecord(registration);
        }
      }
      // Bare \n or \r inside a value must be quoted too, or a spreadsheet splits the row there.
      const csv = stringify({ bom: true, record_delimiter: 'windows', quoted_match: csvQuoteMatch });
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
}
