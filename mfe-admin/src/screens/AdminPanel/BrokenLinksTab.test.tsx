import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brokenLink, fakeAdminServer } from '../../test/fixtures';
import { fakeHost, renderWithHost } from '../../test/harness';
import { AdminPanel } from './AdminPanel';

async function openBrokenLinks(links: ReturnType<typeof brokenLink>[]) {
  const server = fakeAdminServer({ brokenLinks: links });
  renderWithHost(<AdminPanel />, fakeHost({ api: server.api }));
  await userEvent.click(await screen.findByRole('tab', { name: `Broken links (${links.length})` }));
  await screen.findByTestId('broken-links');
}

describe('Broken links tab', () => {
  it('lists each broken link: its business, the URL and where it ended, status, failures, last check and archived title', async () => {
    await openBrokenLinks([
      brokenLink(3, { final_url: 'https://example.org/gone' }),
      brokenLink(4, { business: { id: 9, name: 'Jaffa Books' }, http_status: null, archived_title: null }),
    ]);
    const [first, second] = screen.getAllByTestId('broken-link-card');
    expect(within(first).getByRole('link', { name: 'Olive Tree Cafe' }).getAttribute('href')).toBe('/business/7');
    expect(within(first).getByRole('link', { name: 'https://example.org/statement/3' }).getAttribute('href')).toBe('https://example.org/statement/3');
    expect(first.textContent).toContain('Link broken');
    expect(first.textContent).toContain('→ https://example.org/gone');
    expect(first.textContent).toContain('answered 404 · 3 failed checks in a row · last checked 20/11/2026');
    expect(first.textContent).toContain('Archived: Our statement');
    expect(second.textContent).toContain('no answer');
    expect(second.textContent).not.toContain('Archived:');
  });

  it("lists a brand's source under the brand, linking to its page, and a product source under its business, saying which", async () => {
    await openBrokenLinks([
      brokenLink(3, { list: 'brand', business: null, brand: { id: 5, name: 'Examplebucks', slug: 'examplebucks' } }),
      brokenLink(3, { list: 'product' }),
    ]);
    const [brand, product] = screen.getAllByTestId('broken-link-card');
    expect(within(brand).getByRole('link', { name: 'Examplebucks' }).getAttribute('href')).toBe('/alternatives/examplebucks');
    expect(brand.textContent).toContain("A brand's source");
    expect(within(product).getByRole('link', { name: 'Olive Tree Cafe' }).getAttribute('href')).toBe('/business/7');
    expect(product.textContent).toContain('Source of its Palestinian products');
  });

  it('says when there is none', async () => {
    await openBrokenLinks([]);
    expect(screen.getByTestId('broken-links').textContent).toContain('No broken links');
  });
});
