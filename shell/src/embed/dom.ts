import type { Translate } from './i18n/messages';

type Child = Node | string | null | undefined | false;

/** An element with its attributes and children; text is always a text node, never parsed as HTML. */
export function h<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

/** 'N businesses' for the filters, or that none matched. */
export const countLine = (total: number, t: Translate) =>
  h('p', { class: 'embed__count', 'data-testid': 'embed-count' }, total ? t('embed.count', { count: total }) : t('embed.none'));
