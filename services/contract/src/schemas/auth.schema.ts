import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES, textTooLongMessage } from '../messages';
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

/** An email or a username, as sign-in and the password reset take it. */
const emailOrUsername = () => requiredText(MESSAGES.fieldRequired, LIMITS.emailMaxLength, 'Email or Username');

// Passwords are only ever hashed, never stored, shown or sent to SQL: any character may be in one.
const passwordText = (message: string, label: string) =>
  z.string({ error: message }).max(LIMITS.passwordMaxLength, textTooLongMessage(label, LIMITS.passwordMaxLength));

/** A password the user already has: any length up to the limit. */
const currentPasswordSchema = (label: string) => passwordText(MESSAGES.fieldRequired, label).min(1, MESSAGES.fieldRequired);

export const loginInputSchema = z.object({
  login: emailOrUsername(),
  password: currentPasswordSchema('Password'),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const newPasswordSchema = (message: string, label: string) => passwordText(message, label).min(LIMITS.passwordMinLength, message);

export const signupInputSchema = z.object({
  email: inputText({ error: MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(LIMITS.emailMaxLength, textTooLongMessage('Email', LIMITS.emailMaxLength))
    .pipe(z.email(MESSAGES.emailInvalid)),
  username: requiredText(MESSAGES.fieldRequired, LIMITS.usernameMaxLength, 'Username').regex(/^[A-Za-z0-9_.-]+$/, MESSAGES.usernameCharacters),
  name: requiredText(MESSAGES.fieldRequired, LIMITS.nameMaxLength, 'Full Name'),
  password: newPasswordSchema(MESSAGES.passwordTooShort, 'Password'),
});
export type SignupInput = z.input<typeof signupInputSchema>;

export const adminStatusSchema = z.object({ is_admin: z.boolean() });

export const forgotPasswordInputSchema = z.object({
  email_or_username: emailOrUsername(),
});

export const resetPasswordInputSchema = z.object({
  email_or_username: emailOrUsername(),
  verification_code: inputText({ error: MESSAGES.resetCodeLength })
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.resetCodeLength}}$`), MESSAGES.resetCodeLength),
  new_password: newPasswordSchema(MESSAGES.passwordTooShort, 'New Password'),
});

export const changePasswordInputSchema = z
  .object({
    current_password: currentPasswordSchema('Current Password'),
    new_password: newPasswordSchema(MESSAGES.newPasswordTooShort, 'New Password'),
  })
  .refine((input) => input.new_password !== input.current_password, {
    message: MESSAGES.newPasswordSameAsCurrent,
    path: ['new_password'],
  });

export const pictureResponseSchema = z.object({ picture: z.string(), message: z.string() });
