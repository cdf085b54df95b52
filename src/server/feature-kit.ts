import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { JobDefinition } from './jobs/runner';

/**
 * What a server feature hands the composition: one entry plugin (`features/<f>/plugin.ts`) with its
 * routes and share pages, and the background jobs it contributes. The composition (app.ts and
 * job-registry.ts) lists the features and hands each the context it builds; a feature declares the
 * part of that context it takes, so it never imports the composition.
 */
export interface ServerFeature<Deps extends FastifyPluginOptions, JobDeps = Deps> {
  /** The feature's folder name. */
  name: string;
  /** Registers the feature's routes (each group in its own scope) and its share pages. */
  plugin: FastifyPluginAsync<Deps>;
  /** Jobs the runner knows by name; a factory returns null when its job is off by configuration. */
  jobs?: readonly JobFactory<JobDeps>[];
}

/** Built before the runner exists, so a job's dependencies never include the runner itself. */
export type JobFactory<Deps> = (deps: Deps) => JobDefinition | null;

/** A feature whose plugin is named (`feature:<name>`, in boot errors) and keeps its own scope. */
export function serverFeature<Deps extends FastifyPluginOptions, JobDeps = Deps>(feature: ServerFeature<Deps, JobDeps>): ServerFeature<Deps, JobDeps> {
  return { ...feature, plugin: fp(feature.plugin, { name: `feature:${feature.name}`, encapsulate: true }) };
}

/** What a route group needs registered before it: avvio refuses to boot if one is missing or later. */
export const ROUTE_NEEDS = ['errors', 'input-guard', 'auth', '@fastify/rate-limit', '@fastify/swagger'];

/** A group of routes as a named plugin that still keeps its own scope, with what it needs declared. */
export function routePlugin<Options extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<Options>, dependencies: string[] = ROUTE_NEEDS) {
  return fp(plugin, { name, dependencies, encapsulate: true });
}

/** The sweeps' period in ms; 0 when PAYMENT_EXPIRY_SWEEP_SECONDS=0 keeps them off (tests run them by hand). */
export const sweepMs = (config: { paymentExpirySweepSeconds: number }) => config.paymentExpirySweepSeconds * 1000;
