import { directoryKeys } from '../../directory/api/keys';

/**
 * Query keys of one business's page. Every key starts with ['business', id], the business itself keeps the
 * directory's key (the map popup and the page share its answer); answers that differ by viewer hold the viewer.
 */
export const businessKeys = {
  all: (id: number) => ['business', id] as const,
  detail: directoryKeys.business,
  votes: (id: number, viewer: number | null) => ['business', id, 'votes', { viewer }] as const,
  canEdit: (id: number, viewer: number | null) => ['business', id, 'can-edit', { viewer }] as const,
  comments: (id: number) => ['business', id, 'comments'] as const,
  suggestions: (id: number) => ['business', id, 'suggestions'] as const,
  confirmations: (id: number, viewer: number | null) => ['business', id, 'confirmations', { viewer }] as const,
};
