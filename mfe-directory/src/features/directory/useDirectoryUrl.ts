import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MAP_ZOOM } from '@zaytoon/contract/client';
import { NO_FILTERS, type FilterValues } from './filters';
import { nearParam, parseNear, type NearPoint } from '../near-me/near-point';

export type DirectoryView = 'locations' | 'map';

export interface Viewport {
  lat: number;
  lng: number;
  zoom: number;
}

/** Everything that says where the visitor is in the directory; all of it lives in the URL's query. */
export interface DirectoryUrlState {
  filters: FilterValues;
  view: DirectoryView;
  /** A city the Locations view scrolls to on arrival (links shared when a city's card had to be opened keep working). */
  open: string | null;
  /** The map's centre and zoom, once the visitor moved it (or it framed the results). */
  viewport: Viewport | null;
  /** 'Near me': the rounded point the list is sorted from. */
  near: NearPoint | null;
}

/** Query parameter names: /browse?search=olive&category=Cafe&city=Leeds&view=map&open=Leeds&lat=..&lng=..&zoom=.. */
export const URL_PARAMS = {
  search: 'search',
  category: 'category',
  city: 'city',
  verified: 'verified',
  openNow: 'open_now',
  alternativeTo: 'alternative_to',
  product: 'palestinian_product',
  view: 'view',
  open: 'open',
  lat: 'lat',
  lng: 'lng',
  zoom: 'zoom',
  near: 'near',
} as const;

function numberParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function readDirectoryUrl(params: URLSearchParams): DirectoryUrlState {
  const lat = numberParam(params, URL_PARAMS.lat);
  const lng = numberParam(params, URL_PARAMS.lng);
  const zoom = numberParam(params, URL_PARAMS.zoom);
  const validViewport =
    lat !== null && lng !== null && zoom !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && zoom >= MAP_ZOOM.min && zoom <= MAP_ZOOM.max;
  return {
    filters: {
      search: params.get(URL_PARAMS.search) ?? NO_FILTERS.search,
      category: params.get(URL_PARAMS.category) || NO_FILTERS.category,
      city: params.get(URL_PARAMS.city) || NO_FILTERS.city,
      verified: params.get(URL_PARAMS.verified) === 'true' ? 'true' : NO_FILTERS.verified,
      openNow: params.get(URL_PARAMS.openNow) === 'true' ? 'true' : NO_FILTERS.openNow,
      alternativeTo: params.get(URL_PARAMS.alternativeTo) ?? NO_FILTERS.alternativeTo,
      product: params.get(URL_PARAMS.product) ?? NO_FILTERS.product,
    },
    view: params.get(URL_PARAMS.view) === 'map' ? 'map' : 'locations',
    open: params.get(URL_PARAMS.open) || null,
    viewport: validViewport ? { lat, lng, zoom: Math.round(zoom) } : null,
    near: parseNear(params.get(URL_PARAMS.near)),
  };
}

function setOrDelete(params: URLSearchParams, name: string, value: string | null, defaultValue = '') {
  if (value === null || value === defaultValue) params.delete(name);
  else params.set(name, value);
}

/** How a change enters the browser history: typing and map moves replace the entry, choices add one. */
export interface WriteOptions {
  replace?: boolean;
}

/**
 * The directory's state read from and written to the URL (react-router's search params, the shell's
 * router). Reading parses once per URL change; writes compose when several happen in one tick (a
 * filter change and a map move) because each starts from the last URL written, not the last rendered.
 */
export function useDirectoryUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = searchParams.toString();
  const state = useMemo(() => readDirectoryUrl(new URLSearchParams(current)), [current]);

  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  }, [current]);

  const write = useCallback(
    (change: (params: URLSearchParams) => void, { replace = false }: WriteOptions = {}) => {
      const params = new URLSearchParams(latest.current);
      change(params);
      const next = params.toString();
      if (next === latest.current) return;
      latest.current = next;
      setSearchParams(params, { replace, preventScrollReset: true });
    },
    [setSearchParams],
  );

  const setFilters = useCallback(
    (filters: FilterValues, options?: WriteOptions) =>
      write((params) => {
        setOrDelete(params, URL_PARAMS.search, filters.search);
        setOrDelete(params, URL_PARAMS.category, filters.category, 'all');
        setOrDelete(params, URL_PARAMS.city, filters.city, 'all');
        setOrDelete(params, URL_PARAMS.verified, filters.verified);
        setOrDelete(params, URL_PARAMS.openNow, filters.openNow);
        setOrDelete(params, URL_PARAMS.alternativeTo, filters.alternativeTo);
        setOrDelete(params, URL_PARAMS.product, filters.product);
        // The viewport belongs to the filters it was framed for: new filters frame their own results.
        for (const name of [URL_PARAMS.lat, URL_PARAMS.lng, URL_PARAMS.zoom]) params.delete(name);
      }, options),
    [write],
  );

  const setNear = useCallback((near: NearPoint | null) => write((params) => setOrDelete(params, URL_PARAMS.near, near && nearParam(near))), [write]);

  const setView = useCallback((view: DirectoryView) => write((params) => setOrDelete(params, URL_PARAMS.view, view, 'locations')), [write]);

  const setViewport = useCallback(
    (viewport: Viewport) =>
      write(
        (params) => {
          params.set(URL_PARAMS.lat, viewport.lat.toFixed(5));
          params.set(URL_PARAMS.lng, viewport.lng.toFixed(5));
          params.set(URL_PARAMS.zoom, String(Math.round(viewport.zoom)));
        },
        { replace: true },
      ),
    [write],
  );

  return { ...state, setFilters, setView, setViewport, setNear };
}

/** 'Near me' as the URL keeps it, for parts of the page below the directory's screen (the map's popups). */
export function useNearPoint(): NearPoint | null {
  const [searchParams] = useSearchParams();
  const near = searchParams.get(URL_PARAMS.near);
  return useMemo(() => parseNear(near), [near]);
}
