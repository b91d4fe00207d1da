import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { business, fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { BusinessFormScreen } from './BusinessFormScreen';
import { toBusinessInput, EMPTY_FORM } from './businessFormModel';

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
    expect(api.createBusiness).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Olive Tree Cafe', city: 'Leeds', business_hours: { friday: '9:00 AM - 6:00 PM' } }),
    );
    expect(vi.mocked(api.createBusiness).mock.calls[0][0]).not.toHaveProperty('social_media');
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
    expect(api.updateBusiness).toHaveBeenCalledWith(7, expect.objectContaining({ name: 'Jaffa Books' }));
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
    const host = fakeHost({ api: fakeApi({ categories: async () => ['Zaatar Shop', 'Bookshop'] }) });
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
      categories: async () => ['Bookshop'],
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
    expect(api.canEdit).toHaveBeenCalledWith(7);
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
    expect(maxLength('How does your business support Palestine?')).toBe(5000);
    expect(screen.getByTestId('zd-bf-description-count').textContent).toBe('0/5000 characters');
    await userEvent.type(screen.getByLabelText('Description'), 'Fresh bread');
    expect(screen.getByTestId('zd-bf-description-count').textContent).toBe('11/5000 characters');
    expect(screen.getByTestId('zd-bf-proof_of_support-count').textContent).toBe('0/5000 characters');
    expect(screen.queryByTestId('zd-bf-name-count')).toBeNull();
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
    expect(screen.getByLabelText(/^Business Name/).getAttribute('aria-describedby')).toBe('zd-bf-name-error');
    expect(document.getElementById('zd-bf-name-error')?.textContent).toBe(errors.name);
    expect(document.getElementById('zd-bf-hours-monday-error')?.textContent).toBe(errors['business_hours.monday']);
    expect(document.getElementById('zd-bf-twitter-error')?.textContent).toBe(errors['social_media.twitter']);
  });
});
