import type { z } from 'zod';
import { coded, readIssueMessage } from '@zaytoon/contract';
import { badRequest, type FieldErrors } from './domain-error';

/**
 * Parses with a contract schema; a failure becomes a 400 whose detail is the first message, with every field's
 * message. Schemas name their messages by code (issueMessage); zod's own messages become 'invalidRequest'.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    fieldErrors[field] ??= readIssueMessage(issue.message) ?? { code: 'invalidRequest', text: issue.message };
  }
  const first = result.error.issues[0];
  throw badRequest((first && readIssueMessage(first.message)) ?? coded('invalidRequest'), fieldErrors);
}
