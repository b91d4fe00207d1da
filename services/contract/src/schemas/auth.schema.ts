import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { inputText, requiredText } from './common.schema';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().optional().describe('only in answers about the user themself'),
  picture: z.string().nullable(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginInputSchema = z.object({
  login: requiredText(MESSAGES.fieldRequired, 254),
  // Passwords are only ever hashed, never stored, shown or sent to SQL: any character may be in one.
  password: z.string({ error: MESSAGES.fieldRequired }).min(1, MESSAGES.fieldRequired).max(200),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const newPasswordSchema = (message: string) => z.string({ error: message }).min(LIMITS.passwordMinLength, message).max(200);

export const signupInputSchema = z.object({
  email: inputText({ error: MESSAGES.emailInvalid }).trim().toLowerCase().max(254).pipe(z.email(MESSAGES.emailInvalid)),
  username: requiredText(MESSAGES.fieldRequired, 50).regex(/^[A-Za-z0-9_.-]+$/, MESSAGES.usernameCharacters),
  name: requiredText(MESSAGES.fieldRequired, 100),
  password: newPasswordSchema(MESSAGES.passwordTooShort),
});
export type SignupInput = z.input<typeof signupInputSchema>;

export const adminStatusSchema = z.object({ is_admin: z.boolean() });

export const forgotPasswordInputSchema = z.object({
  email_or_username: requiredText(MESSAGES.fieldRequired, 254),
});

export const resetPasswordInputSchema = z.object({
  email_or_username: requiredText(MESSAGES.fieldRequired, 254),
  verification_code: inputText({ error: MESSAGES.resetCodeLength })
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.resetCodeLength}}$`), MESSAGES.resetCodeLength),
  new_password: newPasswordSchema(MESSAGES.passwordTooShort),
});

export const changePasswordInputSchema = z
  .object({
    current_password: z.string({ error: MESSAGES.fieldRequired }).min(1, MESSAGES.fieldRequired).max(200),
    new_password: newPasswordSchema(MESSAGES.newPasswordTooShort),
  })
  .refine((input) => input.new_password !== input.current_password, {
    message: MESSAGES.newPasswordSameAsCurrent,
    path: ['new_password'],
  });

export const pictureResponseSchema = z.object({ picture: z.string(), message: z.string() });
