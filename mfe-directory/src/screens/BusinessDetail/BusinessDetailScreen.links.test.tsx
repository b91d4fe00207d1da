import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business, fakeApi, fakeHost, renderScreen } from '../../test/harness';
import { BusinessDetailScreen } from './BusinessDetailScreen';
import { listPage } from '../../test/directoryFakes';

// CONTRACT.md: links users supply (website, social, sources of proof of support) are rendered with rel="nofollow ugc noopener noreferrer".
const SUPPLIED_LINKS = [
  'https://olive.example/',
  'https://facebook.com/olivetree',
  'https://twitter.com/olive',
  'https://instagram.com/olive',
  'https://olive.example/statement',
];

describe('links users supply, on the business page', () => {
  it('carry rel="nofollow ugc noopener noreferrer" and open in a new tab', async () => {
    const host = fakeHost({
      api: fakeApi({
        getBusiness: async () =>
          business({
            id: 5,
            name: 'Olive Tree Cafe',
            website: SUPPLIED_LINKS[0],
            social_media: { facebook: SUPPLIED_LINKS[1], twitter: SUPPLIED_LINKS[2], instagram: SUPPLIED_LINKS[3] },
            sources: [{ id: 1, kind: 'Public statement', url: SUPPLIED_LINKS[4], description: 'Our statement', date: '2025-11-02', link: null }],
          }),
        getVotes: async () => ({ vote_score: 0, upvotes: 0, downvotes: 0, user_vote: null }),
        canEdit: async () => ({ can_edit: false, is_owner: false }),
        listComments: async () => listPage([]),
        listSuggestions: async () => [],
      }),
    });
    renderScreen(<BusinessDetailScreen />, { path: '/business/5', pattern: '/business/:id', host });
    await screen.findByRole('heading', { level: 1, name: 'Olive Tree Cafe' });
    const supplied = screen.getAllByRole('link').filter((link) => SUPPLIED_LINKS.includes(link.getAttribute('href') ?? ''));
    expect(supplied.map((link) => link.getAttribute('href')).sort()).toEqual([...SUPPLIED_LINKS].sort());
    for (const link of supplied) {
      expect(link.getAttribute('rel')?.split(/\s+/), link.getAttribute('href')!).toEqual(
        expect.arrayContaining(['nofollow', 'ugc', 'noopener', 'noreferrer']),
      );
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });
});
