import { useMemo } from 'react';
import {
  CONTRACT_CATALOG_LOADERS,
  CONTRACT_LABELS,
  contractLabelEntries,
  describeText,
  describeValue,
  inputLabelKey,
  isApiError,
  isMessageCode,
  MESSAGES,
  PARAMETERISED_MESSAGES,
  type LabelTable,
  type Language,
  type LanguageState,
  type MessageCode,
  type MessageParams,
  type MessageParamValue,
  type PlainMessageCode,
  type ReadableStore,
  type ValueWords,
} from '@zaytoon/contract/client';
import { defineMessages, useLanguage, type MessageValues, type Translate } from './i18n';

type Params = Record<string, MessageParamValue>;
/** A code and, when its message carries values, those values (as messages.ts declares them). */
export type ContractMessageArgs<C extends MessageCode> = MessageParams<C> extends undefined ? [code: C] : [code: C, params: MessageParams<C>];
export type ContractTranslate = <C extends MessageCode>(...args: ContractMessageArgs<C>) => string;
/** An error's own words: its code in the page's language, else the server's `detail`; undefined when it has neither. */
export type ErrorWords = (error: unknown) => string | undefined;
/** The text a failed call shows: the error's own words, else the screen's message for the failure. */
export type ErrorText = (error: unknown, fallback: PlainMessageCode) => string;

/** The params as the caller gave them, for English's own functions: the translations get lists already written out. */
const GIVEN = Symbol('given params');
type GivenValues = MessageValues & { [GIVEN]?: Params };

const englishFunctions = Object.fromEntries(
  Object.entries(PARAMETERISED_MESSAGES).map(([code, render]) => [
    code,
    (values: GivenValues) => (render as (params: Params) => string)(values[GIVEN] ?? {}),
  ]),
);

/** A label table's entry in the contract's catalog: `field.name`. */
type LabelKey = `${LabelTable}.${string}`;

/**
 * The contract's messages and labels in the page's language: English is messages.ts and limits.ts
 * themselves (SPEC's and CONTRACT's words, byte for byte), each translation the contract's catalog, downloaded when a
 * screen first shows one of them.
 */
const contractMessages = defineMessages<MessageCode | LabelKey>(
  { ...MESSAGES, ...englishFunctions, ...contractLabelEntries() } as Record<MessageCode | LabelKey, unknown>,
  CONTRACT_CATALOG_LOADERS,
);

/** Starts the download of a language's translations: a screen that shows contract messages waits for it, as for its own words. */
export const preloadContractMessages = contractMessages.preloadMessages;

/**
 * The params in the page's language: a list (a network's hosts) written out as it lists alternatives, and the input a
 * validation message names (`field`, the server's English label) as its label there.
 */
function messageValues(translate: Translate<MessageCode | LabelKey>, language: Language, params: Params | undefined): MessageValues | undefined {
  if (!params) return undefined;
  const lists = new Intl.ListFormat(language, { type: 'disjunction' });
  const inLanguage = (name: string, value: MessageParamValue) => {
    if (typeof value === 'object') return lists.format(value);
    const label = name === 'field' && typeof value === 'string' ? inputLabelKey(value) : undefined;
    return label ? translate(label) : value;
  };
  const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, inLanguage(name, value)]));
  return { ...values, [GIVEN]: params } as GivenValues;
}

const withParams = (translate: Translate<MessageCode | LabelKey>, language: () => Language) =>
  ((code: MessageCode, params?: Params) => translate(code, messageValues(translate, language(), params))) as ContractTranslate;

/** A code the server named, in the page's language; undefined for a code this page does not know, or values it lacks. */
function codedText(t: ContractTranslate, code: string | undefined, params: Params | undefined): string | undefined {
  if (!isMessageCode(code)) return undefined;
  try {
    return (t as (code: MessageCode, params?: Params) => string)(code, params);
  } catch {
    return undefined;
  }
}

/**
 * A call that got no answer while the browser is offline, or while the page shows saved answers:
 * every screen says it needs a connection.
 */
export const failedOffline = (error: unknown): boolean =>
  isApiError(error) && error.status === 0 && (error.code === 'needsConnection' || globalThis.navigator?.onLine === false);

const errorWordsWith =
  (t: ContractTranslate): ErrorWords =>
  (error) => {
    if (failedOffline(error)) return t('needsConnection');
    return isApiError(error) ? (codedText(t, error.code, error.params) ?? (error.detail || undefined)) : undefined;
  };

const errorTextWith = (t: ContractTranslate): ErrorText => {
  const words = errorWordsWith(t);
  return (error, fallback) => words(error) ?? t(fallback);
};

/** `t(code, params?)`: a contract message (a toast, a confirmation, a validation text) in the page's language. */
export function useContractMessages(): ContractTranslate {
  const translate = contractMessages.useMessages();
  const language = useLanguage();
  return useMemo(() => withParams(translate, () => language), [translate, language]);
}

/**
 * `label(table, value)`: the page language's label of a value the API takes in English (a field, a report's reason,
 * a verification method, a source's kind, a member's answer); a value the table does not know shows as it is.
 */
export function useContractLabels(): (table: LabelTable, value: string) => string {
  const translate = contractMessages.useMessages();
  return useMemo(() => (table, value) => (Object.hasOwn(CONTRACT_LABELS[table], value) ? translate(`${table}.${value}`) : value), [translate]);
}

/**
 * `describe(value)`: a suggested or recorded value written out in the page's language: a source's kind
 * and punctuation, the keys of hours and social links, the list of them. English stays describe-value.ts's, as stored.
 */
export function useDescribeValue(): { value: (text: string | null | undefined) => string; text: (text: string) => string } {
  const t = useContractMessages();
  const label = useContractLabels();
  const language = useLanguage();
  return useMemo(() => {
    const entries = new Intl.ListFormat(language, { type: 'unit', style: 'short' });
    const words: ValueWords = {
      sourceKind: (kind) => (Object.hasOwn(CONTRACT_LABELS.sourceKind, kind) ? label('sourceKind', kind) : undefined),
      sourceLine: (parts) => t('sourceLine', parts),
      valueEntry: ({ key, value }) => t('valueEntry', { key: label('valueKey', key), value }),
      list: (items) => entries.format(items),
      closed: t('specialHoursClosed'),
    };
    return { value: (text) => describeValue(text, words), text: (text) => describeText(text, words) };
  }, [t, label, language]);
}

/** `(error, fallback) => text`: a failed call's error in the page's language, else `detail`, else the fallback code's text. */
export function useErrorText(): ErrorText {
  const t = useContractMessages();
  return useMemo(() => errorTextWith(t), [t]);
}

/**
 * A form's errors, field by field (CONTRACT's `errors`): each field's code in the page's language, else the server's
 * English text. Empty when the call did not fail on its fields.
 */
export function useFieldErrors(error: unknown): Record<string, string> {
  const t = useContractMessages();
  return useMemo(() => {
    if (!isApiError(error)) return {};
    const fields = new Set([...Object.keys(error.errors ?? {}), ...Object.keys(error.codes ?? {})]);
    return Object.fromEntries(
      [...fields].flatMap((field) => {
        const text = codedText(t, error.codes?.[field]?.code, error.codes?.[field]?.params) ?? error.errors?.[field];
        return text ? [[field, text]] : [];
      }),
    );
  }, [t, error]);
}

/** The same, outside a render (a toast after a call that no component waits for), once the page language's catalog is in. */
export async function contractMessagesNow(language: ReadableStore<LanguageState>) {
  await contractMessages.preloadMessages(language.getState().language);
  const t = withParams(contractMessages.messagesNow(language), () => language.getState().language);
  return { t, errorWords: errorWordsWith(t), errorText: errorTextWith(t) };
}
