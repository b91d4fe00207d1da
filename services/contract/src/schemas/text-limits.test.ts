import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMITS } from '../limits';
import { textTooLongMessage } from '../messages';
import { issueText } from '../i18n/message-codes';
import { inputLabelKey } from '../i18n/contract-labels';
import { changePasswordInputSchema, forgotPasswordInputSchema, loginInputSchema, resetPasswordInputSchema, signupInputSchema } from './auth.schema';
import { businessInputSchema } from './business.schema';
import { reportInputSchema } from './report.schema';
import { suggestionInputSchema } from './suggestion.schema';

const filled = { name: 'A', address: 'B', city: 'C', postcode: 'D' };
const tooLong = (max: number) => 'x'.repeat(max + 1);

function firstMessage(result: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) {
  const issue = result.error?.issues[0];
  return issue && { path: issue.path.join('.'), message: issueText(issue.message) };
}

/** `field` of an otherwise valid input takes `max` characters, and one more is refused naming `label`. */
function expectLimit(schema: z.ZodType, valid: Record<string, unknown>, field: string, label: string, max: number) {
  expect(schema.safeParse({ ...valid, [field]: 'x'.repeat(max) }).success).toBe(true);
  expect(firstMessage(schema.safeParse({ ...valid, [field]: tooLong(max) }))).toEqual({ path: field, message: textTooLongMessage(label, max) });
  // A page names the field in its language: the label has its catalog entry.
  expect(inputLabelKey(label)).toBeDefined();
}

describe('too-long text is refused in words, not in zod wording', () => {
  it.each([
    ['name', 'Business Name', LIMITS.shortFieldMaxLength],
    ['address', 'Address', LIMITS.shortFieldMaxLength],
    ['city', 'City', LIMITS.cityMaxLength],
    ['postcode', 'Postcode', LIMITS.postcodeMaxLength],
    ['category', 'Category', LIMITS.categoryMaxLength],
    ['phone', 'Phone', LIMITS.phoneMaxLength],
    ['description', 'Description', LIMITS.textFieldMaxLength],
    ['proof_of_support', 'Palestine Support', LIMITS.textFieldMaxLength],
  ])('business %s', (field, label, max) => expectLimit(businessInputSchema, filled, field, label, max));

  it('website, hours and social links', () => {
    const website = `https://example.com/${'x'.repeat(LIMITS.urlMaxLength)}`;
    expect(firstMessage(businessInputSchema.safeParse({ ...filled, website }))?.message).toBe('Website must be at most 2000 characters');
    const hours = { monday: tooLong(LIMITS.businessHoursMaxLength) };
    expect(firstMessage(businessInputSchema.safeParse({ ...filled, business_hours: hours }))).toEqual({
      path: 'business_hours.monday',
      message: 'Business Hours must be at most 100 characters',
    });
    const social = { twitter: tooLong(LIMITS.socialLinkMaxLength) };
    expect(firstMessage(businessInputSchema.safeParse({ ...filled, social_media: social }))?.message).toBe(
      'Social Media must be at most 300 characters',
    );
  });

  it('suggestions and reports', () => {
    const long = tooLong(LIMITS.textFieldMaxLength);
    expect(firstMessage(suggestionInputSchema.safeParse({ field_name: 'phone', suggested_value: long }))?.message).toBe(
      'Suggested value must be at most 5000 characters',
    );
    expect(firstMessage(suggestionInputSchema.safeParse({ field_name: 'phone', suggested_value: '1', reason: long }))?.message).toBe(
      'Reason must be at most 5000 characters',
    );
    expect(firstMessage(reportInputSchema.safeParse({ business_id: 1, reason: 'Other', description: long }))?.message).toBe(
      'Details must be at most 5000 characters',
    );
  });

  const signup = { email: 'amal@example.com', username: 'amal', name: 'Amal', password: 'secret1' };
  it.each([
    ['name', 'Full Name', LIMITS.nameMaxLength],
    ['username', 'Username', LIMITS.usernameMaxLength],
    ['password', 'Password', LIMITS.passwordMaxLength],
  ])('sign-up %s', (field, label, max) => expectLimit(signupInputSchema, signup, field, label, max));

  it('sign-up email', () => {
    const longest = `${'x'.repeat(LIMITS.emailMaxLength - '@example.com'.length)}@example.com`;
    expect(signupInputSchema.safeParse({ ...signup, email: longest }).success).toBe(true);
    expect(firstMessage(signupInputSchema.safeParse({ ...signup, email: `x${longest}` }))).toEqual({
      path: 'email',
      message: 'Email must be at most 254 characters',
    });
  });

  const login = { login: 'amal', password: 'secret1' };
  const reset = { email_or_username: 'amal', verification_code: '123456', new_password: 'secret2' };
  const change = { current_password: 'secret1', new_password: 'secret2' };
  it.each([
    ['sign-in', 'login', loginInputSchema, login, 'Email or Username', LIMITS.emailMaxLength],
    ['sign-in', 'password', loginInputSchema, login, 'Password', LIMITS.passwordMaxLength],
    ['forgot password', 'email_or_username', forgotPasswordInputSchema, { email_or_username: 'amal' }, 'Email or Username', LIMITS.emailMaxLength],
    ['password reset', 'new_password', resetPasswordInputSchema, reset, 'New Password', LIMITS.passwordMaxLength],
    ['password change', 'current_password', changePasswordInputSchema, change, 'Current Password', LIMITS.passwordMaxLength],
    ['password change', 'new_password', changePasswordInputSchema, change, 'New Password', LIMITS.passwordMaxLength],
  ] as const)('%s %s', (_form, field, schema, valid, label, max) => expectLimit(schema, valid, field, label, max));
});
