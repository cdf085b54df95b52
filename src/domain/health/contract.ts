/** The health check's contract (GET /api/health): liveness and whether the database answers. Pure. */
import { z } from 'zod';

export const healthOkSchema = z.object({ status: z.literal('ok'), database: z.object({ kind: z.string(), reachable: z.boolean() }) });
export const healthDegradedSchema = z.object({ status: z.literal('degraded'), database: z.object({ kind: z.string(), reachable: z.boolean() }) });
export type Health = z.infer<typeof healthOkSchema> | z.infer<typeof healthDegradedSchema>;
