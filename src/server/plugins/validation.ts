import type { FastifyBaseLogger, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../app-error';

type RouteSchema = Parameters<typeof validatorCompiler>[0];

/**
 * The zod validator of every route. A schema whose refinement throws on input it did not expect (a
 * null where an object belongs) has found invalid input, not a server fault: answer 400, and log it
 * so the schema gets fixed.
 */
export function guardedValidatorCompiler(log: FastifyBaseLogger): FastifySchemaCompiler<z.ZodType> {
  return (route) => {
    const validate = validatorCompiler(route as RouteSchema);
    return (data: unknown) => {
      try {
        return validate(data);
      } catch (err) {
        log.error({ err, url: route.url, method: route.method }, 'request schema threw while validating');
        return { error: new AppError('invalid', 'Data tidak valid.', 'VALIDATION_ERROR') };
      }
    };
  };
}

const anyObject = z.object({}).passthrough();

/**
 * For a route whose handler parses its body with the clock (a start time or a race day checked
 * against now) and answers with its feature's own error code: the route's `schema.body` is the
 * contract's static shape, published in OpenAPI and typing the clients, while validation only asks
 * for a JSON object and hands the body over untouched, so the handler's parse sees what was sent and
 * every answer stays what it was. Params and query validate as on any route.
 */
export function bodyParsedByHandler(log: FastifyBaseLogger): { validatorCompiler: FastifySchemaCompiler<unknown> } {
  const compile = guardedValidatorCompiler(log);
  return {
    validatorCompiler: (route) => compile({ ...route, schema: route.httpPart === 'body' ? anyObject : (route.schema as z.ZodType) }),
  };
}
