import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Source } from '@zaytoon/contract/client';
import { business, renderScreen } from '../../test/harness';
import { PalestineSupport } from './PalestineSupport';

const link = (status: NonNullable<Source['link']>['status'], archived_title: string | null): Source['link'] => ({
  status,
  checked_at: '2026-11-20T10:00:00.000Z',
  final_url: 'https://olive.example/pledge',
  http_status: status === 'ok' ? 200 : 404,
  archived_title,
  archived_excerpt: 'We stand with Palestine',
});

const source = (id: number, extra: Partial<Source>): Source => ({
  id,
  kind: 'Public statement',
  url: 'https://olive.example/pledge',
  description: 'Our pledge',
  date: '2026-01-10',
  link: link('ok', 'Our pledge'),
  ...extra,
});

describe('Palestine Support: link checks', () => {
  it("shows 'Link broken' and the archived title beside a source whose link is broken, and neither beside the others", () => {
    renderScreen(
      <PalestineSupport
        business={business({
          sources: [
            source(1, { link: link('broken', 'Our pledge to Palestine') }),
            source(2, { link: link('failing', 'Still trying') }),
            source(3, {}),
            source(4, { link: link('broken', null) }),
          ],
        })}
      />,
    );
    const [broken, failing, ok, brokenUntitled] = screen.getAllByTestId('source');
    expect(within(broken).getByTestId('link-broken').textContent).toBe('Link broken');
    expect(within(broken).getByTestId('archived-title').textContent).toBe('Archived: Our pledge to Palestine');
    for (const item of [failing, ok]) {
      expect(within(item).queryByTestId('link-broken')).toBeNull();
      expect(within(item).queryByTestId('archived-title')).toBeNull();
    }
    expect(within(brokenUntitled).getByTestId('link-broken')).toBeTruthy();
    expect(within(brokenUntitled).queryByTestId('archived-title')).toBeNull();
  });
});
