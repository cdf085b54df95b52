// Every table, for the two places that need the whole database at once: the Drizzle client's
// relational types (db/client.ts) and migrations (drizzle.config.ts). Code imports the owner's
// module, src/server/db/schema/<owner>.ts; derap/boundaries says which a feature may read.
export * from './users';
export * from './auth';
export * from './training-plan';
export * from './payments';
export * from './events';
export * from './registrations';
export * from './uploads';
export * from './subscriptions';
export * from './ai-coach';
export * from './coaching';
export * from './event-calendar';
export * from './group-runs';
export * from './strava';
export * from './infra';
