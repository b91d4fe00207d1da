import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, LIMITS, MESSAGES, SOURCE_RULES, tooManySourcesMessage } from '@zaytoon/contract/client';
import { business, descriptions, fakeApi, fakeHost, fakeSession, member, renderScreen, routeFake, type RouteFakes } from '../../test/harness';
import { DUPLICATE_CHECK_DELAY_MS } from '../../features/duplicates/useDuplicateCandidates';
import { BusinessFormScreen } from './BusinessFormScreen';
import { toBusinessInput, EMPTY_FORM, valuesFromBusiness } from './businessFormModel';

async function fillRequired() {
  await userEvent.type(screen.getByLabelText(/^Business Name/), 'A');
  await userEvent.type(screen.getByLabelText(/^Street Address/), 'B');
  await userEvent.type(screen.getByLabelText(/^City/), 'C');
  await userEvent.type(screen.getByLabelText(/^Postcode/), 'D');
}

const sections = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('business form (SPEC §2)', () => {
  it('add mode: title, sections, hours placeholders, notes and buttons', async () => {
    renderScreen(<BusinessFormScreen />, { path: '/add-business', host: fakeHost({ session: fakeSession(member) }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Add Your Business' })).toBeTruthy();
    expect(sections()).toEqual(['Basic Information', 'Location Information', 'Online Presence', 'Business Hours', 'Palestine Support']);
    for (const label of ['Business Name', 'Street Address', 'City', 'Postcode']) {
      expect((screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement).required).toBe(true);
    }
    expect((screen.getByLabelText('Website') as HTMLInputElement).type).toBe('url');
    expect((screen.getByLabelText('Monday') as HTMLInputElement).placeholder).toBe('9:00 AM - 6:00 PM or Closed');
    expect(screen.getByLabelText('Sunday')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Directory/ }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Add Business' })).toBeTruthy();
    expect(screen.getByTestId('form-note').textContent).toBe(
      'By adding your business, you confirm that it actively supports Palestinian rights and solidarity.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it("'Name in English letters': optional, with its hint and the contract's length, and sent trimmed", async () => {
    const api = fakeApi({ createBusiness: async () => business({ id: 12 }) });
    renderScreen(<BusinessFormScreen />, { path: '/add-business', host: fakeHost({ api, session: fakeSession(member) }) });
    const input = screen.getByLabelText('Name in English letters') as HTMLInputElement;
    expect(input.required).toBe(false);
    expect(input.maxLength).toBe(LIMITS.nameLatinMaxLength);
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toMatch(/English letters/);
    await userEvent.type(screen.getByLabelText(/^Business Name/), 'مطعم الزيتون');
    await userEvent.type(input, ' Matam Al Zaytoun ');
    await userEvent.type(screen.getByLabelText(/^Street Address/), '1 High Street');
    await userEvent.type(screen.getByLabelText(/^City/), 'Leeds');
    await userEvent.type(screen.getByLabelText(/^Postcode/), 'LS1 1AA');
    await userEvent.click(screen.getByRole('button', { name: 'Add Business' }));
    await waitFor(() =>
      expect(routeFake(api, 'createBusiness')).toHaveBeenCalledWith({
        body: expect.objectContaining({ name: 'مطعم الزيتون', name_latin: 'Matam Al Zaytoun' }),
      }),
    );
  });

  it("edit mode starts from the business's English letters", () => {
    expect(valuesFromBusiness(business({ name_latin: 'Matam Al Zaytoun' })).name_latin).toBe('Matam Al Zaytoun');
    expect(valuesFromBusiness(business()).name_latin).toBe('');
  });

  it("'Show only the area, not the street address' is the business's location precision, both ways", () => {
    expect(valuesFromBusiness(business({ location_precision: 'area' })).areaOnly).toBe(true);
    expect(valuesFromBusiness(business()).areaOnly).toBe(false);
    expect(toBusinessInput({ ...EMPTY_FORM, areaOnly: true }).location_precision).toBe('area');
    expect(toBusinessInput(EMPTY_FORM).location_precision).toBe('exact');
  });

  it('drops empty hours and social entries, omitting empty objects', () => {
    expect(toBusinessInput({ ...EMPTY_FORM, name: ' A ', hours: { monday: ' ' } })).not.toHaveProperty('business_hours');
    const input = toBusinessInput({ ...EMPTY_FORM, name: 'A', hours: { monday: '9-5', tuesday: '' }, twitter: '@a' });
    expect(input.business_hours).toEqual({ monday: '9-5' });
    expect(input.social_media).toEqual({ twitter: '@a' });
    expect(input.name).toBe('A');
  });

  it("adds a business: 'Adding Business...', toast, then its detail page", async () => {
    let resolve: (value: unknown) => void = () => {};
    const api = fakeApi({ createBusiness: () => new Promise((r) => (resolve = r)) });
    const host = fakeHost({ api, session: fakeSession(member) });
    renderScreen(<BusinessFormScreen />, { path: '/add-business', host });
    await userEvent.type(screen.getByLabelText(/^Business Name/), 'Olive Tree Cafe');
    await userEvent.type(screen.getByLabelText(/^Street Address/), '1 High Street');
    await userEvent.type(screen.getByLabelText(/^City/), 'Leeds');
    await userEvent.type(screen.getByLabelText(/^Postcode/), 'LS1 1AA');
    await userEvent.type(screen.getByLabelText('Friday'), '9:00 AM - 6:00 PM');
    await userEvent.click(screen.getByRole('button', { name: 'Add Business' }));
    expect((screen.getByRole('button', { name: 'Adding Business...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(routeFake(api, 'createBusiness')).toHaveBeenCalledWith({
      body: expect.objectContaining({ name: 'Olive Tree Cafe', city: 'Leeds', business_hours: { friday: '9:00 AM - 6:00 PM' } }),
    });
    expect(routeFake(api, 'createBusiness').mock.calls[0][0].body).not.toHaveProperty('social_media');
    resolve(business({ id: 42 }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/business/42'));
    expect(host.toast.success).toHaveBeenCalledWith('Business added successfully!');
  });

  it("shows the server's detail, or 'Failed to add business'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({ createBusiness: async () => Promise.reject(new ApiError(500, null)) });
    const host = fakeHost({ api, session: fakeSession(member) });
    renderScreen(<BusinessFormScreen />, { path: '/add-business', host });
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add Business' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Failed to add business'));
    expect(screen.getByTestId('location').textContent).toBe('/add-business');
  });

  it('edit mode: loads the business, saves with PUT and shows the edit note', async () => {
    const existing = business({
      id: 7,
      name: 'Jaffa Books',
      category: 'Books',
      business_hours: { monday: '10-4' },
      social_media: { instagram: 'https://instagram.com/jaffa' },
    });
    const api = fakeApi({
      getBusiness: async () => existing,
      canEdit: async () => ({ can_edit: true, is_owner: true }),
      updateBusiness: async () => existing,
    });
    const host = fakeHost({ api, session: fakeSession(member) });
    renderScreen(<BusinessFormScreen />, { path: '/edit-business/7', pattern: '/edit-business/:id', host });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Business' })).toBeTruthy();
    expect((screen.getByLabelText(/^Business Name/) as HTMLInputElement).value).toBe('Jaffa Books');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Books');
    expect((screen.getByLabelText('Monday') as HTMLInputElement).value).toBe('10-4');
    expect(screen.getByTestId('form-note').textContent).toBe('Your changes will be saved and reflected on Zaytoon immediately.');
    await userEvent.click(screen.getByRole('button', { name: 'Update Business' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/business/7'));
    expect(routeFake(api, 'updateBusiness')).toHaveBeenCalledWith({ id: 7, body: expect.objectContaining({ name: 'Jaffa Books' }) });
    expect(host.toast.success).toHaveBeenCalledWith('Business updated successfully!');
  });

  it("edit mode: a failed load toasts 'Failed to load business data' and goes to /dashboard", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({ api: fakeApi({ getBusiness: async () => Promise.reject(new ApiError(0, null)) }) });
    renderScreen(<BusinessFormScreen />, { path: '/edit-business/7', pattern: '/edit-business/:id', host });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(host.toast.error).toHaveBeenCalledWith('Failed to load business data');
  });

  it('offers categories from the server only', async () => {
    const host = fakeHost({ api: fakeApi({ categories: async () => ({ categories: ['Zaatar Shop', 'Bookshop'] }) }) });
    renderScreen(<BusinessFormScreen />, { path: '/add-business', host });
    const select = screen.getByLabelText('Category');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Zaatar Shop' })).toBeTruthy());
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Select a category', 'Bookshop', 'Zaatar Shop']);
  });

  it("edit mode keeps the business's own category choosable", async () => {
    const api = fakeApi({
      getBusiness: async () => business({ id: 7, category: 'Books' }),
      canEdit: async () => ({ can_edit: true, is_owner: true }),
      categories: async () => ({ categories: ['Bookshop'] }),
    });
    renderScreen(<BusinessFormScreen />, {
      path: '/edit-business/7',
      pattern: '/edit-business/:id',
      host: fakeHost({ api, session: fakeSession(member) }),
    });
    const select = (await screen.findByLabelText('Category')) as HTMLSelectElement;
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Bookshop' })).toBeTruthy());
    expect(select.value).toBe('Books');
  });

  it('edit mode: says so, with no form, when the viewer may not edit the business', async () => {
    const api = fakeApi({
      getBusiness: async () => business({ id: 7 }),
      canEdit: async () => ({ can_edit: false, is_owner: false }),
    });
    renderScreen(<BusinessFormScreen />, {
      path: '/edit-business/7',
      pattern: '/edit-business/:id',
      host: fakeHost({ api, session: fakeSession(member) }),
    });
    const refusal = await screen.findByTestId('edit-not-allowed');
    expect(refusal.textContent).toContain('You can only edit businesses you own');
    expect(within(refusal).getByRole('link', { name: 'Back to Business' }).getAttribute('href')).toBe('/business/7');
    expect(screen.queryByTestId('business-form')).toBeNull();
    expect(routeFake(api, 'canEdit')).toHaveBeenCalledWith({ id: 7 });
  });

  it('edit mode: a failed can-edit check means no form (SPEC §8: edit state defaults to false)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({
      getBusiness: async () => business({ id: 7 }),
      canEdit: async () => Promise.reject(new ApiError(500, null)),
    });
    renderScreen(<BusinessFormScreen />, {
      path: '/edit-business/7',
      pattern: '/edit-business/:id',
      host: fakeHost({ api, session: fakeSession(member) }),
    });
    expect(await screen.findByTestId('edit-not-allowed')).toBeTruthy();
    expect(screen.queryByTestId('business-form')).toBeNull();
  });

  it("text fields stop at the contract's limits; long ones count", async () => {
    renderScreen(<BusinessFormScreen />, { path: '/add-business', host: fakeHost({ session: fakeSession(member) }) });
    const maxLength = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).maxLength;
    expect(maxLength(/^Business Name/)).toBe(300);
    expect(maxLength(/^Street Address/)).toBe(300);
    expect(maxLength(/^City/)).toBe(100);
    expect(maxLength(/^Postcode/)).toBe(12);
    expect(maxLength('Phone')).toBe(50);
    expect(maxLength('Website')).toBe(2000);
    expect(maxLength('Instagram')).toBe(300);
    expect(maxLength('Monday')).toBe(100);
    expect(maxLength('Description')).toBe(5000);
    const description = screen.getByLabelText('Description');
    expect(descriptions(description)).toEqual(['0/5000 characters']);
    await userEvent.type(description, 'Fresh bread');
    expect(descriptions(description)).toEqual(['11/5000 characters']);
    expect(descriptions(screen.getByLabelText(/^Business Name/))).toEqual([]);
    expect(screen.getAllByText(/^\d+\/\d+ characters$/).map((counter) => counter.textContent)).toEqual(['11/5000 characters']);
    await userEvent.click(screen.getByRole('button', { name: 'Add a source' }));
    expect(maxLength('Link (optional)')).toBe(SOURCE_RULES.urlMaxLength);
    expect(maxLength('Quote or description')).toBe(SOURCE_RULES.descriptionMaxLength);
    await userEvent.type(screen.getByLabelText('Quote or description'), 'Sign');
    expect(within(screen.getByTestId('source-row')).getByText('4/500 characters')).toBeTruthy();
  });

  it("shows the server's readable field messages under their fields", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const errors = {
      name: 'Business Name must be at most 300 characters',
      'business_hours.monday': 'Business Hours must be at most 100 characters',
      'social_media.twitter': 'Link must be on twitter.com or x.com',
    };
    const api = fakeApi({ createBusiness: async () => Promise.reject(new ApiError(400, errors.name, errors)) });
    const host = fakeHost({ api, session: fakeSession(member) });
    renderScreen(<BusinessFormScreen />, { path: '/add-business', host });
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add Business' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith(errors.name));
    expect(descriptions(screen.getByLabelText(/^Business Name/))).toEqual([errors.name]);
    expect(descriptions(screen.getByLabelText('Monday'))).toEqual([errors['business_hours.monday']]);
    expect(descriptions(screen.getByLabelText('Twitter/X'))).toEqual([errors['social_media.twitter']]);
  });

  describe('sources of proof of support', () => {
    const statement = {
      id: 11,
      kind: 'Public statement' as const,
      url: 'https://jaffa.example/statement',
      description: 'Our statement',
      date: '2025-11-02',
      link: null,
    };
    const sign = { id: 12, kind: 'In-store sign' as const, url: null, description: 'Sign in the window', date: '2026-01-15', link: null };

    function renderEdit(existing = business({ id: 7, sources: [sign, statement] })) {
      const api = fakeApi({
        getBusiness: async () => existing,
        canEdit: async () => ({ can_edit: true, is_owner: true }),
        updateBusiness: async () => existing,
      });
      renderScreen(<BusinessFormScreen />, {
        path: '/edit-business/7',
        pattern: '/edit-business/:id',
        host: fakeHost({ api, session: fakeSession(member) }),
      });
      return api;
    }

    it('edits the list: each row has its kind, date, link and description; rows are added and removed; saved ones keep their ids', async () => {
      const api = renderEdit();
      const rows = await screen.findAllByTestId('source-row');
      expect(rows.map((row) => (within(row).getByLabelText('Kind of source') as HTMLSelectElement).value)).toEqual([
        'In-store sign',
        'Public statement',
      ]);
      expect((within(rows[1]).getByLabelText('Link (optional)') as HTMLInputElement).value).toBe(statement.url);
      expect((within(rows[1]).getByLabelText('Date') as HTMLInputElement).value).toBe(statement.date);
      await userEvent.click(screen.getByRole('button', { name: 'Remove source 1' }));
      await userEvent.click(screen.getByRole('button', { name: 'Add a source' }));
      const added = screen.getAllByTestId('source-row')[1];
      await userEvent.selectOptions(within(added).getByLabelText('Kind of source'), 'Donation or fundraiser');
      await userEvent.type(within(added).getByLabelText('Quote or description'), ' Fundraiser for Gaza ');
      await userEvent.clear(within(added).getByLabelText('Date'));
      await userEvent.type(within(added).getByLabelText('Date'), '2025-12-01');
      await userEvent.click(screen.getByRole('button', { name: 'Update Business' }));
      await waitFor(() => expect(routeFake(api, 'updateBusiness')).toHaveBeenCalled());
      expect(routeFake(api, 'updateBusiness').mock.calls[0][0].body.sources).toEqual([
        { id: 11, kind: 'Public statement', url: statement.url, description: 'Our statement', date: '2025-11-02' },
        { kind: 'Donation or fundraiser', url: '', description: 'Fundraiser for Gaza', date: '2025-12-01' },
      ]);
    });

    it("a business listed before sources starts with its text as one 'Other' source", async () => {
      renderEdit(business({ id: 7, proof_of_support: 'Donates to MAP', sources: [] }));
      const [row] = await screen.findAllByTestId('source-row');
      expect((within(row).getByLabelText('Kind of source') as HTMLSelectElement).value).toBe('Other');
      expect((within(row).getByLabelText('Quote or description') as HTMLTextAreaElement).value).toBe('Donates to MAP');
    });

    it("shows the server's messages under each row's fields", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const errors = { 'sources.1.url': MESSAGES.sourceUrlInvalid, 'sources.0.date': MESSAGES.sourceDateInvalid };
      const api = renderEdit();
      routeFake(api, 'updateBusiness').mockImplementation(async () => Promise.reject(new ApiError(400, MESSAGES.sourceDateInvalid, errors)));
      await screen.findAllByTestId('source-row');
      await userEvent.click(screen.getByRole('button', { name: 'Update Business' }));
      const rows = screen.getAllByTestId('source-row');
      await waitFor(() => expect(within(rows[1]).getByText(MESSAGES.sourceUrlInvalid)).toBeTruthy());
      expect(within(rows[1]).getByLabelText('Link (optional)').getAttribute('aria-invalid')).toBe('true');
      expect(within(rows[0]).getByText(MESSAGES.sourceDateInvalid)).toBeTruthy();
    });

    it("stops adding sources at the contract's most, and says so", async () => {
      const almostFull = Array.from({ length: SOURCE_RULES.maxPerBusiness - 1 }, (_, index) => ({ ...sign, id: 100 + index }));
      renderEdit(business({ id: 7, sources: almostFull }));
      await screen.findAllByTestId('source-row');
      expect(screen.queryByText(tooManySourcesMessage(SOURCE_RULES.maxPerBusiness))).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Add a source' }));
      expect(screen.getAllByTestId('source-row')).toHaveLength(SOURCE_RULES.maxPerBusiness);
      expect((screen.getByRole('button', { name: 'Add a source' }) as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText(tooManySourcesMessage(SOURCE_RULES.maxPerBusiness))).toBeTruthy();
    });
  });

  describe("'This may already be listed'", () => {
    const candidates = [
      { id: 11, name: 'Olive Tree Bakers', address: '3 Brick Lane', postcode: 'E1 6AN', distance_m: 0, same_postcode: true },
      { id: 12, name: 'Olive Tree Bakehouse', address: '9 Fournier Street', postcode: 'E1 6QE', distance_m: 120, same_postcode: false },
    ];
    const checkingApi = (overrides: RouteFakes = {}) =>
      fakeApi({
        duplicateCheck: async () => candidates,
        createBusiness: async () => business({ id: 42 }),
        ...overrides,
      });
    // Typed at once (fireEvent): the debounce, not the keystrokes, is what these tests are about.
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    const duplicateChecks = (api: ReturnType<typeof fakeApi>) => routeFake(api, 'duplicateCheck').mock.calls;
    /** The member stops typing for as long as the check waits (under fake timers), and whatever it starts settles. */
    const pauseTyping = () => act(async () => vi.advanceTimersByTime(DUPLICATE_CHECK_DELAY_MS));

    it('shows the candidates of the typed name and postcode, with address, distance and a link, and sends their ids when added anyway', async () => {
      const api = checkingApi();
      renderScreen(<BusinessFormScreen />, { path: '/add-business', host: fakeHost({ api, session: fakeSession(member) }) });
      fill(/^Business Name/, 'Olive Tree Bakery');
      fill(/^Street Address/, '5 Brick Lane');
      fill(/^City/, 'London');
      fill(/^Postcode/, 'E1 6AN');
      const warning = screen.getByTestId('duplicate-warning');
      expect(warning.getAttribute('role')).toBe('status');
      expect(warning.getAttribute('aria-live')).toBe('polite');
      await waitFor(() => expect(within(warning).getByText(MESSAGES.duplicateWarning)).toBeTruthy());
      expect(duplicateChecks(api).at(-1)?.[0]).toEqual({ query: { name: 'Olive Tree Bakery', postcode: 'E1 6AN' } });
      const items = within(warning).getAllByTestId('duplicate-candidate');
      expect(items.map((item) => item.textContent)).toEqual([
        'Olive Tree Bakers3 Brick Lane, E1 6AN · same postcode',
        'Olive Tree Bakehouse9 Fournier Street, E1 6QE · 120 m',
      ]);
      expect(within(items[0]).getByRole('link', { name: 'Olive Tree Bakers' }).getAttribute('href')).toBe('/business/11');

      await userEvent.click(screen.getByRole('button', { name: 'Add Business' }));
      expect(routeFake(api, 'createBusiness')).toHaveBeenCalledWith({
        body: expect.objectContaining({ name: 'Olive Tree Bakery', duplicate_candidates: [11, 12] }),
      });
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/business/42'));
    }, 20_000);

    it('asks nothing before the name has 3 characters and the postcode looks like one, and sends no ids when nothing was shown', async () => {
      const api = checkingApi({ duplicateCheck: async () => [] });
      renderScreen(<BusinessFormScreen />, { path: '/add-business', host: fakeHost({ api, session: fakeSession(member) }) });
      vi.useFakeTimers();
      try {
        fill(/^Business Name/, 'Ol');
        fill(/^Postcode/, 'E1 6AN');
        fill(/^Street Address/, 'B');
        fill(/^City/, 'C');
        await pauseTyping();
        expect(duplicateChecks(api)).toEqual([]);
        fill(/^Postcode/, 'not a postcode');
        fill(/^Business Name/, 'Olive');
        await pauseTyping();
        expect(duplicateChecks(api)).toEqual([]);
        // The same pause asks once both are right: the silences above are the rules', not the clock's.
        fill(/^Postcode/, 'E1');
        await pauseTyping();
        expect(duplicateChecks(api).at(-1)?.[0]).toEqual({ query: { name: 'Olive', postcode: 'E1' } });
      } finally {
        vi.useRealTimers();
      }
      expect(screen.queryByText(MESSAGES.duplicateWarning)).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Add Business' }));
      expect(routeFake(api, 'createBusiness').mock.calls[0][0].body).not.toHaveProperty('duplicate_candidates');
    }, 20_000);

    it('never checks while editing', async () => {
      const api = checkingApi({
        getBusiness: async () => business({ id: 7, name: 'Olive Tree Bakers', postcode: 'E1 6AN' }),
        canEdit: async () => ({ can_edit: true, is_owner: true }),
      });
      renderScreen(<BusinessFormScreen />, {
        path: '/edit-business/7',
        pattern: '/edit-business/:id',
        host: fakeHost({ api, session: fakeSession(member) }),
      });
      await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Edit Business' })).toBeTruthy());
      vi.useFakeTimers();
      try {
        fill(/^Business Name/, 'Olive Tree Bakery');
        await pauseTyping();
        expect(duplicateChecks(api)).toEqual([]);
        expect(screen.queryByTestId('duplicate-warning')).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    }, 20_000);
  });
});
