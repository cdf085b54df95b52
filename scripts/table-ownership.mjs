// Data ownership, measured (issue 27 item 1): which server feature files use tables another
// feature owns, and which files write the anti-oversell counter `event_categories.sold`.
//   node scripts/table-ownership.mjs            the figures
//   node scripts/table-ownership.mjs --list     and every file × table pair
// A table's owner is the feature that writes it (the schema module it lives in after the split,
// src/server/db/schema/<owner>.ts); `infra` tables belong to no feature. Test files are left out:
// they set up whatever they need.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const featuresDir = path.join(root, 'src/server/features');

/** Table export → owning feature (who writes it). Kept in step with src/server/db/schema/. */
export const owners = {
  users: 'users',
  authSessions: 'auth', refreshTokens: 'auth', mobileHandoffCodes: 'auth',
  trainingPlans: 'training-plan', trainingRuns: 'training-plan', calendarFeeds: 'training-plan',
  orders: 'payments', paymentNotifications: 'payments', paymentNotificationRejections: 'payments', paymentSandboxTransactions: 'payments', orderRefunds: 'payments',
  events: 'events', eventCategories: 'events',
  runnerRegistrations: 'registrations', registrationChanges: 'registrations', registrationAttempts: 'registrations', registrationEmailCodes: 'registrations', waitingListEntries: 'registrations', usedRegistrationChallenges: 'registrations',
  uploads: 'uploads',
  subscriptionGrants: 'subscriptions',
  aiCoachProfiles: 'ai-coach', aiPlanDrafts: 'ai-coach', aiUsage: 'ai-coach', aiEvaluations: 'ai-coach',
  coachProfiles: 'coaching', coachPackages: 'coaching', coachConnections: 'coaching', coachInvitations: 'coaching',
  calendarEvents: 'event-calendar',
  groupRuns: 'group-runs', groupRunParticipants: 'group-runs', groupRunReports: 'group-runs',
  stravaAccounts: 'strava', stravaActivities: 'strava', stravaApiBudget: 'strava',
  mailOutbox: 'infra', jobs: 'infra', rateLimitHits: 'infra', cacheVersions: 'infra',
};

const walk = (dir) =>
  readdirSync(dir).flatMap((e) => {
    const full = path.join(dir, e);
    return statSync(full).isDirectory() ? walk(full) : /\.ts$/.test(e) && !/\.test\.ts$/.test(e) ? [full] : [];
  });

const IMPORT_RE = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]*db\/schema[^'"]*)['"]/g;

const pairs = [];
const writes = [];
for (const file of walk(featuresDir)) {
  const rel = path.relative(root, file);
  const feature = path.relative(featuresDir, file).split(path.sep)[0];
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(IMPORT_RE)) {
    if (m[1]) continue;
    for (const raw of m[2].split(',')) {
      const name = raw.trim();
      if (!name || name.startsWith('type ')) continue;
      const table = name.split(/\s+as\s+/)[0];
      const owner = owners[table];
      if (!owner) throw new Error(`${rel}: ${table} has no owner in scripts/table-ownership.mjs`);
      if (owner === feature) continue;
      pairs.push({ file: rel, feature, table, owner });
      const local = name.split(/\s+as\s+/)[1] ?? table;
      const written = new RegExp(`\\.(insert|update|delete)\\(\\s*${local}\\s*\\)`).test(source);
      if (written) writes.push({ file: rel, table, owner });
    }
  }
}

const serverFiles = walk(path.join(root, 'src/server')).filter((f) => !f.includes(`${path.sep}migrations${path.sep}`) && !f.includes(`${path.sep}seed${path.sep}`));
const soldWriters = serverFiles
  .filter((f) => /\.set\(\{[^}]*\bsold\s*:/s.test(readFileSync(f, 'utf8')) || /\bsold\s*=\s*(?:sold|greatest)/.test(readFileSync(f, 'utf8')))
  .map((f) => path.relative(root, f));
const soldWrites = serverFiles.reduce((n, f) => n + (readFileSync(f, 'utf8').match(/\.set\(\{\s*sold\s*:/g)?.length ?? 0), 0);

const featurePairs = new Set(pairs.map((p) => `${p.feature} → ${p.owner}`));
console.log(`foreign-table imports (file × table, non-test server feature files): ${pairs.length}`);
console.log(`feature pairs (importer → owner): ${featurePairs.size}`);
console.log(`foreign-table writes (insert/update/delete on an imported foreign table): ${writes.length}`);
console.log(`files that write event_categories.sold: ${soldWriters.length} (${soldWrites} statements)`);
if (process.argv.includes('--list')) {
  for (const p of pairs) console.log(`  ${p.file}  ${p.table} (${p.owner})`);
  console.log('feature pairs:');
  for (const fp of [...featurePairs].sort()) console.log(`  ${fp}`);
  console.log('foreign writes:');
  for (const w of writes) console.log(`  ${w.file}  ${w.table} (${w.owner})`);
  console.log('sold writers:');
  for (const f of soldWriters) console.log(`  ${f}`);
}
