import { z } from 'zod';
import { INPUT_LABELS, LIMITS } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { LANGUAGE_CODES, type Language } from '../i18n/languages';
import { inputText, oneLineText, requiredText } from './common.schema';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().optional().describe('only in answers about the user themself'),
  picture: z.string().nullable(),
  is_admin: z.boolean(),
  language: z
    .enum(LANGUAGE_CODES as [Language, ...Language[]])
    .nullable()
    .optional()
    .describe('only in answers about the user themself: the language they chose, null when never chosen'),
  totp_enabled: z.boolean().optional().describe('only in answers about the user themself: whether a second factor (TOTP) is on'),

  email_confirmed: z
    .boolean()
    .optional()
    .describe('only in answers about the user themself: whether they confirmed their email address with the mailed link'),
});
export type User = z.infer<typeof userSchema>;

export const languageInputSchema = z.object({
  language: z.enum(LANGUAGE_CODES as [Language, ...Language[]], { error: issueMessage('languageInvalid') }),
});
export type LanguageInput = z.input<typeof languageInputSchema>;

/** An email or a username, as sign-in and the password reset take it. */
const emailOrUsername = () => requiredText(issueMessage('fieldRequired'), LIMITS.emailMaxLength, INPUT_LABELS.emailOrUsername);

// Passwords are only ever hashed, never stored, shown or sent to SQL: any character may be in one.
const passwordText = (message: string, label: string) =>
  z.string({ error: message }).max(LIMITS.passwordMaxLength, issueMessage('textTooLong', { field: label, max: LIMITS.passwordMaxLength }));

/** A password the user already has: any length up to the limit. */
const currentPasswordSchema = (label: string) => passwordText(issueMessage('fieldRequired'), label).min(1, issueMessage('fieldRequired'));

/**
 * A TOTP code (6 digits) or a recovery code (10 of base32's letters and digits, a dash, spaces
 * and case ignored), normalised: digits as typed, a recovery code lowercased without separators.
 */
export const secondFactorCodeSchema = inputText({ error: issueMessage('totpCodeFormat') })
  .max(LIMITS.secondFactorCodeMaxLength, issueMessage('totpCodeFormat'))
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z2-7]{10})$/, issueMessage('totpCodeFormat')));

/** A code from the authenticator app alone (turning TOTP on proves the app has the secret). */
const totpAppCodeSchema = inputText({ error: issueMessage('totpCodeFormat') })
  .trim()
  .regex(/^\d{6}$/, issueMessage('totpCodeFormat'));

export const loginInputSchema = z.object({
  login: emailOrUsername(),
  password: currentPasswordSchema(INPUT_LABELS.password),
  totp_code: secondFactorCodeSchema
    .optional()
    .describe('once TOTP is on, a current code of the app or an unused recovery code (spent by this sign-in)'),
});

export const totpSetupSchema = z.object({
  secret: z.string().describe('the new secret, base32 (RFC 4648), for typing into the app'),
  otpauth_url: z.string().describe('otpauth://totp/… (Key Uri Format): what the QR code holds'),
});

export const totpEnableInputSchema = z.object({ code: totpAppCodeSchema });

export const recoveryCodesSchema = z.object({
  recovery_codes: z.array(z.string()).describe('ten single-use codes, shown once: only their hashes are kept'),
});

export const totpDisableInputSchema = z.object({
  password: currentPasswordSchema(INPUT_LABELS.password),
  code: secondFactorCodeSchema,
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const newPasswordSchema = (message: string, label: string) => passwordText(message, label).min(LIMITS.passwordMinLength, message);

export const signupInputSchema = z.object({
  email: inputText({ error: issueMessage('emailInvalid') })
    .trim()
    .toLowerCase()
    .max(LIMITS.emailMaxLength, issueMessage('textTooLong', { field: INPUT_LABELS.email, max: LIMITS.emailMaxLength }))
    .pipe(z.email(issueMessage('emailInvalid'))),
  username: oneLineText(requiredText(issueMessage('fieldRequired'), LIMITS.usernameMaxLength, INPUT_LABELS.username), INPUT_LABELS.username).regex(
    /^[A-Za-z0-9_.-]+$/,
    issueMessage('usernameCharacters'),
  ),
  name: oneLineText(requiredText(issueMessage('fieldRequired'), LIMITS.nameMaxLength, INPUT_LABELS.fullName), INPUT_LABELS.fullName),
  password: newPasswordSchema(issueMessage('passwordTooShort'), INPUT_LABELS.password),
});
export type SignupInput = z.input<typeof signupInputSchema>;

export const adminStatusSchema = z.object({ is_admin: z.boolean() });

export const forgotPasswordInputSchema = z.object({
  email_or_username: emailOrUsername(),
});

export const resetPasswordInputSchema = z.object({
  email_or_username: emailOrUsername(),
  verification_code: inputText({ error: issueMessage('resetCodeLength') })
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.resetCodeLength}}$`), issueMessage('resetCodeLength')),
  new_password: newPasswordSchema(issueMessage('passwordTooShort'), INPUT_LABELS.newPassword),
});

export const changePasswordInputSchema = z
  .object({
    current_password: currentPasswordSchema(INPUT_LABELS.currentPassword),
    new_password: newPasswordSchema(issueMessage('newPasswordTooShort'), INPUT_LABELS.newPassword),
  })
  .refine((input) => input.new_password !== input.current_password, {
    message: issueMessage('newPasswordSameAsCurrent'),
    path: ['new_password'],
  });

export const pictureResponseSchema = z.object({ picture: z.string(), message: z.string() });

/** The mailed link's token that confirms a member's email address: no session needed. */
export const confirmEmailInputSchema = z.object({
  token: inputText({ error: issueMessage('emailConfirmationRequired') })
    .min(1, issueMessage('emailConfirmationRequired'))
    .max(200, issueMessage('emailConfirmationInvalid'))
    .regex(/^[A-Za-z0-9_-]+$/, issueMessage('emailConfirmationInvalid')),
});
export type ConfirmEmailInput = z.input<typeof confirmEmailInputSchema>;
