import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@zaytoon/contract/client';
import { fakeSessionApi, memberUser } from '../test/harness';
import { createSessionStore } from '../session/sessionStore';
import { createPageLanguage, followMemberLanguage } from './languageStore';
import { rememberLanguage, showLanguage } from './pageLanguage';

function setUp(user: User | null) {
  const session = createSessionStore(fakeSessionApi(user));
  const language = createPageLanguage('en');
  const call = vi.fn(async (_name: string, args: { body: { language: string } }) => ({ ...memberUser, language: args.body.language }));
  followMemberLanguage(language, session, { call } as never);
  return { session, language, call };
}

afterEach(() => {
  showLanguage('en');
  rememberLanguage('en');
  window.history.replaceState(null, '', '/');
});

describe("a member's language", () => {
  it('becomes the page language when the member is found signed in', () => {
    const { session, language, call } = setUp(null);
    session.getState().setUser({ ...memberUser, language: 'ar' });
    expect(language.getState().language).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(call).not.toHaveBeenCalled();
  });

  it("a member's choice is saved to their account once; a visitor's stays in the cookie", async () => {
    const { session, language, call } = setUp(null);
    language.getState().setLanguage('cy');
    expect(call).not.toHaveBeenCalled();

    session.getState().setUser({ ...memberUser, language: null });
    language.getState().setLanguage('ur');
    expect(call).toHaveBeenCalledWith('setLanguage', { body: { language: 'ur' } });
    await vi.waitFor(() => expect(session.getState().user?.language).toBe('ur'));
    language.getState().setLanguage('ur');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('a language asked for in the URL wins over the account', () => {
    window.history.replaceState(null, '', '/browse?lang=cy');
    const { session, language } = setUp(null);
    session.getState().setUser({ ...memberUser, language: 'ar' });
    expect(language.getState().language).toBe('en');
  });
});
