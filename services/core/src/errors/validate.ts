import type { z } from 'zod';
import { MESSAGES } from '@zaytoon/contract';
import { badRequest } from './domain-error';

/** Parses with a contract schema; a failure becomes a 400 whose detail is the first message, with every field's message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    fieldErrors[field] ??= issue.message;
  }
  const first = result.error.issues[0];
  const detail = first && !first.message.startsWith('Invalid input') ? first.message : MESSAGES.invalidRequest;
  throw badRequest(detail, fieldErrors);
}
