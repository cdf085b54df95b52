import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiMessages } from '../../../domain/ai-coach/contract';
import { analyzeTrainingImage } from './ai-coach-api';

function stub(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('analyzeTrainingImage', () => {
  it('posts the data URL and returns what was read', async () => {
    const fetchMock = stub(200, { distance: 5.01, time: '00:27:30', avgHeartRate: 148 });
    await expect(analyzeTrainingImage('data:image/png;base64,AAAA')).resolves.toEqual({ distance: 5.01, time: '00:27:30', avgHeartRate: 148 });
    expect(fetchMock).toHaveBeenCalledWith('/api/ai/trainingimages', expect.objectContaining({ method: 'POST', body: JSON.stringify({ image: 'data:image/png;base64,AAAA' }) }));
  });

  it("rejects with the server's message (403, 422, 504) or the spec's fallback (500, network)", async () => {
    stub(403, { message: aiMessages.premiumRequired });
    await expect(analyzeTrainingImage('data:x')).rejects.toThrow(aiMessages.premiumRequired);
    stub(422, { message: aiMessages.imageUnreadable });
    await expect(analyzeTrainingImage('data:x')).rejects.toThrow(aiMessages.imageUnreadable);
    stub(504, { message: aiMessages.timeout });
    await expect(analyzeTrainingImage('data:x')).rejects.toThrow(aiMessages.timeout);
    stub(500, { message: 'Terjadi kesalahan.' });
    await expect(analyzeTrainingImage('data:x')).rejects.toThrow(aiMessages.imageFailed);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(analyzeTrainingImage('data:x')).rejects.toThrow(aiMessages.imageFailed);
  });

  it('calls a screenshot with nothing readable unreadable', async () => {
    stub(200, { distance: null, time: null, avgHeartRate: null });
    await expect(analyzeTrainingImage('data:x')).rejects.toThrow(aiMessages.imageUnreadable);
  });
});
