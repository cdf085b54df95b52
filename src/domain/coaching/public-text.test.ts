import { describe, expect, it } from 'vitest';
import { coachingMessages } from './contract';
import { publicCoachText } from './public-text';

describe('publicCoachText', () => {
  it("says exactly what the contract's messages say", () => {
    for (const [key, text] of Object.entries(publicCoachText)) expect(coachingMessages[key as keyof typeof publicCoachText]).toBe(text);
  });
});
