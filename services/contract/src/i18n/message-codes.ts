import { MESSAGES, PARAMETERISED_MESSAGES } from '../messages';

type Parameterised = typeof PARAMETERISED_MESSAGES;
export type PlainMessageCode = keyof typeof MESSAGES;
export type ParameterisedMessageCode = keyof Parameterised;
/** Every message's stable code is its key; one list (MESSAGES and PARAMETERISED_MESSAGES) names them all. */
export type MessageCode = PlainMessageCode | ParameterisedMessageCode;
export type MessageParams<C extends MessageCode> = C extends ParameterisedMessageCode ? Parameters<Parameterised[C]>[0] : undefined;
export type MessageParamValue = string | number | readonly string[];

/** A message as raised: its code, the values it carries, and its English text (CONTRACT's `detail`). */
export interface CodedMessage {
  code: MessageCode;
  params?: Record<string, MessageParamValue>;
  text: string;
}

export const MESSAGE_CODES = [...Object.keys(MESSAGES), ...Object.keys(PARAMETERISED_MESSAGES)] as MessageCode[];

const isParameterised = (code: string): code is ParameterisedMessageCode => Object.hasOwn(PARAMETERISED_MESSAGES, code);
export const isMessageCode = (code: unknown): code is MessageCode =>
  typeof code === 'string' && (Object.hasOwn(MESSAGES, code) || isParameterised(code));

export function coded<C extends PlainMessageCode>(code: C): CodedMessage;
export function coded<C extends ParameterisedMessageCode>(code: C, params: MessageParams<C>): CodedMessage;
export function coded(code: MessageCode, params?: unknown): CodedMessage {
  if (!isParameterised(code)) return { code, text: MESSAGES[code as PlainMessageCode] };
  const render = PARAMETERISED_MESSAGES[code] as (values: Record<string, MessageParamValue>) => string;
  return { code, params: params as Record<string, MessageParamValue>, text: render(params as Record<string, MessageParamValue>) };
}

/**
 * What a zod schema says on failure: the message's code, with its params as JSON after a colon
 * ('nameRequired', 'textTooLong:{"field":"Name","max":100}'). Schemas name messages by code, so the HTTP edge renders
 * the English detail and hands the code on without reading English back (docs/decisions/0019-languages.md, "Error codes").
 */
export function issueMessage<C extends PlainMessageCode>(code: C): string;
export function issueMessage<C extends ParameterisedMessageCode>(code: C, params: MessageParams<C>): string;
export function issueMessage(code: MessageCode, params?: unknown): string {
  return params === undefined ? code : `${code}:${JSON.stringify(params)}`;
}

/** Reads an issueMessage back; anything else (zod's own 'Invalid input…') is undefined. */
export function readIssueMessage(message: string): CodedMessage | undefined {
  const colon = message.indexOf(':');
  const code = colon < 0 ? message : message.slice(0, colon);
  if (!isMessageCode(code)) return undefined;
  if (!isParameterised(code)) return colon < 0 ? coded(code) : undefined;
  try {
    return coded(code, JSON.parse(message.slice(colon + 1)) as never);
  } catch {
    return undefined;
  }
}

/** The English text of a zod issue's message, coded or zod's own. */
export const issueText = (message: string) => readIssueMessage(message)?.text ?? message;
