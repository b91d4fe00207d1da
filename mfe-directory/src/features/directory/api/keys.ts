import type { DirectoryFilter, TileAddress } from '@zaytoon/contract/client';

/**
 * Query keys of the directory. Every key holds the filters it was asked with; answers that differ
 * for admins (report counts) also hold the viewer, so logging in never shows a visitor's answer.
 */
export const directoryKeys = {
  all: ['directory'] as const,
  summary: (filter: DirectoryFilter) => ['directory', 'summary', filter] as const,
  cityGroups: (filter: DirectoryFilter) => ['directory', 'city-groups', filter] as const,
  cityPageScope: 'city-page',
  cityPage: (filter: DirectoryFilter, city: string, page: number, viewer: number | null) =>
    ['directory', 'city-page', { ...filter, city }, page, { viewer }] as const,
  unmapped: (filter: DirectoryFilter) => ['directory', 'unmapped', filter] as const,
  mapVersion: () => ['directory', 'map-version'] as const,
  mapTile: (filter: DirectoryFilter, { z, x, y }: TileAddress, version: number) => ['directory', 'map', filter, z, x, y, version] as const,
  categories: () => ['directory', 'categories'] as const,
  cityOptions: (search: string, limit: number) => ['directory', 'city-options', search, limit] as const,
  business: (id: number, viewer: number | null) => ['business', id, { viewer }] as const,
};
