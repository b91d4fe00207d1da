import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { matchAppRoute, pageTitle, type Business } from '@zaytoon/contract/client';
import { useMessages } from '../i18n/messages';
import { focusMainHeadingWhenShown } from './focusMainHeading';

/** Names of the businesses read so far, by id: a business page's title is its business's name. */
export type BusinessNames = StoreApi<Record<string, string>>;

export function createBusinessNames(): BusinessNames {
  return createStore<Record<string, string>>()(() => ({}));
}

export function rememberBusinessName(names: BusinessNames, business: Business): void {
  if (business && typeof business.name === 'string') names.setState({ [String(business.id)]: business.name });
}

type PageMessages = ReturnType<typeof useMessages>;

export function titleOf(pathname: string, productName: string, names: Record<string, string>, t: PageMessages): string {
  const matched = matchAppRoute(pathname);
  if (!matched) return pageTitle(t('page.notFound'), productName);
  const { route, params } = matched;
  if (route.owner === 'shell') return productName;
  const businessName = route.screen === 'business-detail' ? names[params.id] : undefined;
  return pageTitle(businessName ?? t(`page.${route.path}` as Parameters<PageMessages>[0]), productName);
}

/**
 * Tells that the page changed: the tab's title names the page, and on navigation (not the first load) focus
 * moves to the page's main heading, so a screen reader announces it.
 */
export function PageAnnouncer({ productName, businessNames }: { productName: string; businessNames: BusinessNames }) {
  const { pathname } = useLocation();
  const names = useStore(businessNames);
  const t = useMessages();
  const title = titleOf(pathname, productName, names, t);
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
