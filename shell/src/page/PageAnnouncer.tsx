import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { matchAppRoute, pageTitle, type Business } from '@zaytoon/contract/client';
import { NOT_FOUND_TITLE } from '../NotFound';
import { focusMainHeadingWhenShown } from './focusMainHeading';

/** Names of the businesses read so far, by id: a business page's title is its business's name. */
export type BusinessNames = StoreApi<Record<string, string>>;

export function createBusinessNames(): BusinessNames {
  return createStore<Record<string, string>>()(() => ({}));
}

export function rememberBusinessName(names: BusinessNames, business: Business): void {
  if (business && typeof business.name === 'string') names.setState({ [String(business.id)]: business.name });
}

export function titleOf(pathname: string, productName: string, names: Record<string, string>): string {
  const matched = matchAppRoute(pathname);
  if (!matched) return pageTitle(NOT_FOUND_TITLE, productName);
  const { route, params } = matched;
  const businessName = route.screen === 'business-detail' ? names[params.id] : undefined;
  return pageTitle(businessName ?? route.title, productName);
}

/**
 * Tells that the page changed: the tab's title names the page, and on navigation (not the first load) focus
 * moves to the page's main heading, so a screen reader announces it.
 */
export function PageAnnouncer({ productName, businessNames }: { productName: string; businessNames: BusinessNames }) {
  const { pathname } = useLocation();
  const names = useStore(businessNames);
  const title = titleOf(pathname, productName, names);
  useEffect(() => {
    document.title = title;
  }, [title]);

  const announced = useRef(pathname);
  useEffect(() => {
    if (announced.current === pathname) return;
    announced.current = pathname;
    return focusMainHeadingWhenShown();
  }, [pathname]);
  return null;
}
