import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { literalTexts } from '@zaytoon/build-kit/catalog-text';
import { ApiError, contractLabelEntries, MESSAGES } from '@zaytoon/contract/client';
import { preloadContractMessages } from '@zaytoon/web-kit/contract-messages';
import { createLanguageStore } from '@zaytoon/web-kit/language-store';
import { business, fakeApi, fakeHost, member, fakeSession, renderScreen } from '../test/harness';
import { summary } from '../test/directoryFakes';
import { DirectoryScreen } from '../screens/Directory/DirectoryScreen';
import { AuthScreen } from '../screens/Auth/AuthScreen';
import { BusinessDetailScreen } from '../screens/BusinessDetail/BusinessDetailScreen';
import { BusinessFormScreen } from '../screens/BusinessForm/BusinessFormScreen';
import listSource from './locales/en.json?raw';
import screenSource from './locales/en.screens.json?raw';
import { preloadMessages } from './messages';

/**
 * The English catalog's words and the contract's messages and labels (toasts, confirmations, reasons, answers), without their
 * placeholders: any of them on an Arabic page is a string left untranslated.
 */
const ENGLISH_WORDS = [
  ...[listSource, screenSource].flatMap((source) => Object.values(JSON.parse(source) as Record<string, string>)).flatMap(literalTexts),
  ...Object.values(MESSAGES),
  ...Object.values(contractLabelEntries()),
]
  .map((part) => part.trim())
  .filter((part) => /[A-Za-z]{3}/.test(part));

/** The page's text and its controls' names and placeholders, minus `data` (business data, brand names) and the harness's location. */
function shownTexts(root: HTMLElement, data: string[]): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!node.parentElement?.closest('output')) texts.push(node.textContent ?? '');
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.map((text) => data.reduce((rest, value) => rest.replaceAll(value, ''), text).trim()).filter(Boolean);
}

function expectNoEnglish(root: HTMLElement, data: string[]) {
  const left = shownTexts(root, data).filter((text) => ENGLISH_WORDS.some((words) => text.includes(words)));
  expect(left).toEqual([]);
}

const directoryHost = (total: number) =>
  fakeHost({
    language: createLanguageStore('ar'),
    api: fakeApi({
      directorySummary: async () => summary({ total, cities: 2, most_active: [{ city: 'Leeds', count: 2 }] }),
      cityGroups: async () => ({ groups: [{ city: 'Leeds', count: total }] }),
      categories: async () => ({ categories: ['Cafe'] }),
      cities: async () => ({ cities: ['Leeds'] }),
    }),
  });

// The first download of a catalog compiles it under vitest: slower than findBy's wait on a busy machine.
beforeAll(() => Promise.all([preloadMessages('ar'), preloadContractMessages('ar')]));

describe('the directory in Arabic', () => {
  it.each([
    [0, 'لم يُعثر على أي عمل تجاري'],
    [1, 'عُثر على عمل تجاري واحد'],
    [2, 'عُثر على عملين تجاريين'],
    [5, 'عُثر على 5 أعمال تجارية'],
    [11, 'عُثر على 11 عملًا تجاريًا'],
    [100, 'عُثر على 100 عمل تجاري'],
  ])('counts %i businesses with the Arabic plural form', async (total, expected) => {
    renderScreen(<DirectoryScreen />, { path: '/browse', host: directoryHost(total) });
    expect(await screen.findByText('اكتشف الأعمال التجارية المناصرة لفلسطين في أنحاء المملكة المتحدة وادعمها')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe(expected));
  });

  it('shows the list, filters and top bar in Arabic, and no English word of the catalog', async () => {
    renderScreen(<DirectoryScreen />, { path: '/browse', host: directoryHost(2) });
    const card = await screen.findByTestId('city-group');
    expect(within(card).getByTestId('city-count').textContent).toBe('عملان تجاريان');
    expect(screen.getByRole('button', { name: 'عرض المواقع' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('searchbox', { name: 'ابحث في الأعمال التجارية' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toBeTruthy();
    const box = await screen.findByTestId('location-summary');
    expect(box.textContent).toContain('عرض 2 من الأعمال التجارية في 2 من المدن في المملكة المتحدة.');
    expectNoEnglish(document.body, ['Zaytoon', 'Leeds', 'Cafe', 'English', 'Cymraeg']);
  });
});

describe('English', () => {
  it("keeps SPEC's count line, '1 businesses found' too, while other languages give each count its own form", async () => {
    const api = fakeApi({ directorySummary: async () => summary({ total: 1 }) });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe('1 businesses found'));
  });
});

describe('the business form in Arabic', () => {
  it('labels every field in Arabic, with no English word of the catalog left', async () => {
    const host = fakeHost({ language: createLanguageStore('ar'), session: fakeSession(member) });
    renderScreen(<BusinessFormScreen />, { path: '/add-business', host });
    expect(await screen.findByRole('heading', { level: 1, name: 'أضف عملك التجاري' })).toBeTruthy();
    for (const label of [
      'اسم العمل التجاري',
      'الفئة',
      'الهاتف',
      'الوصف',
      'عنوان الشارع',
      'المدينة',
      'الرمز البريدي',
      'الموقع الإلكتروني',
      'الاثنين',
    ]) {
      // A label starts with the field's name (a required field's mark may follow); another label may contain it.
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'أضف عملًا تجاريًا' })).toBeTruthy();
    expect(screen.getByLabelText('الوصف').getAttribute('placeholder')).toBe('عرّف المجتمع بعملك التجاري');
    expect(screen.getByLabelText('الهاتف').getAttribute('dir')).toBe('ltr');
    expectNoEnglish(document.body, ['Zaytoon', 'Facebook', 'Twitter/X', 'Instagram', 'https://example.com', 'English', 'Cymraeg']);
  });
});

describe("the contract's messages in Arabic", () => {
  const signIn = async (failure: ApiError) => {
    const session = fakeSession(null, { login: vi.fn(async () => Promise.reject(failure)) });
    const host = fakeHost({ session, language: createLanguageStore('ar') });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderScreen(<AuthScreen />, { path: '/login', host });
    await userEvent.type(container.querySelector('input[autocomplete="username"]')!, 'sami');
    await userEvent.type(container.querySelector('input[type="password"]')!, 'wrong');
    await userEvent.click(container.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledTimes(1));
    return vi.mocked(host.toast.error).mock.calls[0]![0];
  };

  it("a failed call shows its error code's Arabic text, not the server's English detail", async () => {
    const refused = new ApiError(401, MESSAGES.invalidCredentials, undefined, undefined, { code: 'invalidCredentials' });
    expect(await signIn(refused)).toBe('البريد الإلكتروني/اسم المستخدم أو كلمة المرور غير صحيحة');
  });

  it("names the field of a validation message by its Arabic label, not the server's English one", async () => {
    const params = { field: 'Email or Username', max: 254 };
    const tooLong = new ApiError(400, 'Email or Username must be at most 254 characters', undefined, undefined, { code: 'textTooLong', params });
    const text = await signIn(tooLong);
    expect(text).toMatch(/^يجب ألا يزيد طول البريد الإلكتروني أو اسم المستخدم على .+ من الأحرف$/);
    expect(text).not.toContain('Email');
  });

  it("falls back to the server's detail for a code this page does not know, and to the screen's own message without either", async () => {
    expect(await signIn(new ApiError(429, 'Slow down, please', undefined, undefined, { code: 'someFutureCode' }))).toBe('Slow down, please');
    expect(await signIn(new ApiError(502, null))).toBe('فشل تسجيل الدخول');
  });

  it("a business page says the contract's words in Arabic (its plural forms too), with none of them left in English", async () => {
    const managed = business({ id: 5, name: 'Olive Tree Cafe', city: 'Leeds', postcode: 'LS1 1AA', managed_by_owner: true });
    const api = fakeApi({
      getBusiness: async () => managed,
      getVotes: async () => ({ vote_score: 0, upvotes: 0, downvotes: 0, user_vote: null }),
      confirmationSummary: async () => ({ confirmed_by: 2, latest_confirmed_at: null, your_answer: null }),
    });
    const host = fakeHost({ api, language: createLanguageStore('ar') });
    renderScreen(<BusinessDetailScreen />, { path: '/business/5', pattern: '/business/:id', host });
    expect(await screen.findByText('هل ما زال مفتوحًا وما زال داعمًا؟')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('confirmed-by').textContent).toBe('أكّده عضوان خلال آخر 90 يومًا'));
    expect(screen.getByTestId('managed-by-owner').textContent).toContain('يديره مالكه');

    await userEvent.click(screen.getByTestId('upvote'));
    expect(host.toast.error).toHaveBeenCalledWith('يُرجى تسجيل الدخول للتصويت');
    expectNoEnglish(document.body, ['Zaytoon', 'Olive Tree Cafe', 'Leeds', 'LS1 1AA', 'English', 'Cymraeg']);
  });
});
