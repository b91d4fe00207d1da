// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL } from '@zaytoon/contract';
import { isSharedAnswer } from '../src/offline/saved-answer';

const answer = (cacheControl: string | null, status = 200) =>
  new Response('{}', { status, headers: cacheControl === null ? {} : { 'Cache-Control': cacheControl } });

describe('the answers the service worker keeps', () => {
  it("keeps a visitor's public answer, as the API and the open data files say it", () => {
    expect(isSharedAnswer(answer(CACHE_CONTROL.publicAnswer))).toBe(true);
    expect(isSharedAnswer(answer('public, max-age=31536000, immutable'))).toBe(true);
    expect(isSharedAnswer(answer('Public, no-cache'))).toBe(true);
  });

  it("never keeps a signed-in or an admin's answer, an answer that says nothing, or anything but a 200", () => {
    expect(isSharedAnswer(answer(CACHE_CONTROL.privateAnswer))).toBe(false);
    expect(isSharedAnswer(answer('PRIVATE'))).toBe(false);
    expect(isSharedAnswer(answer('public, private="Set-Cookie"'))).toBe(false);
    expect(isSharedAnswer(answer('public, no-store'))).toBe(false);
    expect(isSharedAnswer(answer('max-age=60'))).toBe(false);
    expect(isSharedAnswer(answer(null))).toBe(false);
    expect(isSharedAnswer(answer(CACHE_CONTROL.publicAnswer, 404))).toBe(false);
    expect(isSharedAnswer(answer(CACHE_CONTROL.publicAnswer, 206))).toBe(false);
  });
});
