import { describe, expect, it } from 'vitest';
import { AlertTokens } from './alert-token';

const OLD = 'old-session-secret-0123456789abcdef';
const NEW = 'new-session-secret-0123456789abcdef';

describe('alert unsubscribe tokens across a SESSION_SECRET rotation', () => {
  it('signs with the first secret and accepts a token signed by any of the list', () => {
    const mailed = new AlertTokens({ SESSION_SECRET: OLD, SESSION_SECRETS: [OLD] }).sign([7, 9]);
    const rotated = new AlertTokens({ SESSION_SECRET: NEW, SESSION_SECRETS: [NEW, OLD] });
    expect(rotated.verify(mailed)).toEqual([7, 9]);
    expect(rotated.sign([7, 9])).not.toBe(mailed);
    expect(new AlertTokens({ SESSION_SECRET: NEW, SESSION_SECRETS: [NEW] }).verify(mailed)).toBeNull();
    expect(rotated.verify(mailed.replace(/^7-9/, '7-8'))).toBeNull();
  });
});
