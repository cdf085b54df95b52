import { describe, expect, it } from 'vitest';
import { chatCorpus, evaluateChatCorpus, judge, runCorpusCase } from './corpus';

describe('the labelled chat corpus, through the screen and the built-in chat', () => {
  const result = evaluateChatCorpus();

  it('has at least 80 messages, red flags and negations among them', () => {
    expect(result.total).toBeGreaterThanOrEqual(80);
    expect(result.redFlags.total).toBeGreaterThanOrEqual(20);
    expect(chatCorpus.filter((c) => c.expect.kind === 'no-alarm').length).toBeGreaterThanOrEqual(5);
  });

  it('answers at least 90 % right', () => {
    const misses = result.misses.map((m) => `${m.text}\n  expected ${m.expected}\n  got ${m.got}`).join('\n');
    expect(result.right / result.total, misses).toBeGreaterThanOrEqual(0.9);
  });

  it('catches every red flag', () => {
    expect(result.redFlags.caught).toBe(result.redFlags.total);
  });

  it('raises no alarm on the negated and look-alike messages', () => {
    expect(result.falseAlarms).toBe(0);
    for (const c of chatCorpus.filter((x) => x.expect.kind === 'no-alarm' || x.expect.kind === 'asked')) {
      expect(runCorpusCase(c).reply.safety, c.text).toBeUndefined();
    }
  });

  it('the judge is not lenient: a generic answer is wrong for a question, a change is wrong for a stop', () => {
    const generic = { status: 'NEEDS_CLARIFICATION' as const, clarification_question: 'Maaf, saya belum memahami "x". Saya bisa membantu…', modifications: [] };
    expect(judge({ kind: 'answer', topic: 'heart-rate' }, generic, null)).toBe(false);
    const rest = { status: 'COMPLETE' as const, clarification_question: null, modifications: [{ instruction: 'Istirahat', action: { type: 'rest' as const, reason: 'injury' as const } }] };
    expect(judge({ kind: 'stop' }, rest, null)).toBe(false);
    expect(judge({ kind: 'no-alarm' }, { ...rest, safety: { level: 'caution', message: 'x' } }, null)).toBe(false);
  });
});
