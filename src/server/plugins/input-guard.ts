import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error';

/**
 * Input that must be refused before any route does any work: JSON nested deeper than any of our
 * contracts (recursive code downstream would overflow the stack), and NUL characters anywhere in the
 * query, path or body (PostgreSQL text cannot hold them, and a streamed answer that fails half-way
 * has already sent its 200).
 */

/** Our deepest contract is a few levels (a plan → runs → fields); 32 leaves room and stops abuse. */
export const MAX_JSON_DEPTH = 32;

/**
 * Request bodies are small unless a route says otherwise: a route that needs more sets its own
 * `bodyLimit` beside its path and schema (e.g. the plan writes in training-plan/routes.ts), so a new
 * route gets the small default without anyone remembering to set it. Multipart uploads have their
 * own limits (10 MB per image) in their routes.
 */
export const DEFAULT_BODY_LIMIT = 32 * 1024;

export const inputMessages = {
  tooDeep: 'Struktur JSON terlalu dalam.',
  invalidCharacters: 'Data mengandung karakter yang tidak valid.',
} as const;

/** Whether the JSON text nests objects/arrays deeper than `max` (a linear scan; strings skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** Whether a parsed value holds a NUL character in any string or key; iterative, so depth is no risk. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      route.bodyLimit ??= DEFAULT_BODY_LIMIT;
    });

    const defaultJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body, done) => {
      const text = body as string;
      if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
        done(new AppError('invalid', inputMessages.tooDeep, 'JSON_TOO_DEEP'), undefined);
        return;
      }
      // The default parser answers through `done`; its return value carries nothing.
      void defaultJson(request, text, done);
    });

    // preValidation runs after parsing and before the schema and the handler (and after onRequest, so
    // authorisation still answers first).
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
        throw new AppError('invalid', inputMessages.invalidCharacters, 'INVALID_CHARACTERS');
      }
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
