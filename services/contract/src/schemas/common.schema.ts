import { z } from 'zod';
import { MESSAGES } from '../messages.js';

export const idParam = z.coerce.number().int().positive();
export const isoDate = z.string().describe('ISO-8601 timestamp in UTC');

export const errorResponse = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ message: z.string() });

/** A trimmed string; empty after trimming means "required" failed. */
export const requiredText = (message: string, max = 300) =>
  z.string({ error: message }).trim().min(1, message).max(max);

export const optionalText = (max: number) =>
  z.string().trim().max(max).optional().default('');

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const httpUrlOrEmpty = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || isHttpUrl(value), MESSAGES.websiteInvalid);
