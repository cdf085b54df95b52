/**
 * `npm run eval:coach`: how well the built-in AI coach coaches (issue 25 §7).
 *   (a) plans: seeded random runners (beginner to advanced, 5K to marathon) through the createplan
 *       steps, each final plan judged by a coach's rule set written apart from the engine;
 *   (b) chat: the labelled corpus of Indonesian runners' messages (informal, typos, red flags,
 *       negation, ranges, questions) through the same health screen + chat as the server;
 *   (c) screenshots: workout screens of many apps rendered in Chromium and read by the OCR adapter.
 * Options: `--plans N` (default 240), `--seed S`, `--skip-screens`, `--only plans|chat|screens`.
 * CI runs a slice of each as tests (plan-judge.test.ts, corpus.test.ts, workout-ocr.test.ts).
 */
import { parseArgs } from 'node:util';
import { evaluateChatCorpus } from '../../src/domain/ai-coach/chat/corpus';
import { evaluatePlans } from './coach-plans';

const { values } = parseArgs({
  options: {
    plans: { type: 'string', default: '240' },
    seed: { type: 'string', default: '20261127' },
    'skip-screens': { type: 'boolean', default: false },
    only: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const wants = (part: string) => !values.only || values.only === part;
const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`);
let failed = false;

if (wants('plans')) {
  const started = performance.now();
  const result = evaluatePlans({ count: Number(values.plans), seed: Number(values.seed) });
  const o = result.byOutcome;
  console.log(`\n(a) Plans — ${result.total} seeded runners (seed ${values.seed}), judged by the coach's rules (scripts/eval/coach-judge.ts)`);
  console.log(`    passed: ${result.passed}/${result.total} = ${pct(result.passed, result.total)}   (target ≥ 95 %)`);
  console.log(`      planned at once ........................ ${o.planned}`);
  console.log(`      planned after confirming inputs ........ ${o['planned-after-confirm']}`);
  console.log(`      refused, every alternative passes ...... ${o['refused-alternative-passes']}`);
  console.log(`      refused without an alternative ......... ${o['refused-no-alternative']}`);
  console.log(`      failed the judge ....................... ${o.failed}`);
  const groups = Object.entries(result.byGroup).sort(([a], [b]) => a.localeCompare(b));
  for (const [group, g] of groups) console.log(`      ${group.padEnd(24)} ${String(g.passed).padStart(3)}/${String(g.total).padEnd(3)} ${pct(g.passed, g.total)}`);
  for (const f of result.failures.slice(0, values.verbose ? 50 : 5)) console.log(`    ✗ ${f.outcome}: ${JSON.stringify(f.form)}\n        ${f.problems.slice(0, 4).join('\n        ')}`);
  console.log(`    (${Math.round(performance.now() - started)} ms)`);
  failed ||= result.passed / result.total < 0.95;
}

if (wants('chat')) {
  const result = evaluateChatCorpus();
  console.log(`\n(b) Chat — ${result.total} labelled messages (src/domain/ai-coach/chat/corpus.ts)`);
  console.log(`    right: ${result.right}/${result.total} = ${pct(result.right, result.total)}   (target ≥ 90 %)`);
  console.log(`    red flags caught: ${result.redFlags.caught}/${result.redFlags.total}   (target: all)   false alarms: ${result.falseAlarms}`);
  for (const m of result.misses.slice(0, values.verbose ? 100 : 10)) console.log(`    ✗ "${m.text}"\n        expected ${m.expected}\n        got      ${m.got}`);
  failed ||= result.right / result.total < 0.9 || result.redFlags.caught < result.redFlags.total;
}

if (wants('screens') && !values['skip-screens']) {
  const started = performance.now();
  // Chromium and the OCR worker are loaded only when screens are asked for.
  const { evaluateScreens } = await import('./screens');
  const result = await evaluateScreens();
  console.log(`\n(c) Screenshots — ${result.screens} workout screens rendered in Chromium, read by the OCR adapter`);
  console.log(`    fields right: ${result.right}/${result.fields} = ${pct(result.right, result.fields)}   (target ≥ 90 %)`);
  for (const m of result.misses) console.log(`    ✗ ${m.id} ${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.got)}`);
  console.log(`    (${Math.round(performance.now() - started)} ms)`);
  failed ||= result.right / result.fields < 0.9;
}

if (failed) {
  console.log('\nBelow a target.');
  process.exitCode = 1;
}
