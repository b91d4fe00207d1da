import { Fragment, type ReactNode } from 'react';
import type { MessageValues, Translate } from '@zaytoon/web-kit';
import type { AdminMessage } from './messages';

const MARK = /\uE000(\d+)\uE001/;

/**
 * A message with elements in its placeholders (a username in <bdi dir="auto">, a bold word). ICU formats to a string
 * only, so each element goes in as a private-use marker and the text is cut around the markers: the translation
 * decides where each element stands.
 */
export function rich(t: Translate<AdminMessage>, key: AdminMessage, elements: Record<string, ReactNode>, values: MessageValues = {}): ReactNode {
  const names = Object.keys(elements);
  const marked = t(key, { ...values, ...Object.fromEntries(names.map((name, index) => [name, `\uE000${index}\uE001`])) });
  return marked.split(MARK).map((part, index) => <Fragment key={index}>{index % 2 ? elements[names[Number(part)]] : part}</Fragment>);
}
