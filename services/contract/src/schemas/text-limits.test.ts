import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits';
import { textTooLongMessage } from '../messages';
import { businessInputSchema } from './business.schema';
import { reportInputSchema } from './report.schema';
import { suggestionInputSchema } from './suggestion.schema';

const filled = { name: 'A', address: 'B', city: 'C', postcode: 'D' };
const tooLong = (max: number) => 'x'.repeat(max + 1);

function firstMessage(result: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) {
  const issue = result.error?.issues[0];
  return issue && { path: issue.path.join('.'), message: issue.message };
}

describe('too-long text is refused in words (issue #12), not in zod wording', () => {
  it.each([
    ['name', 'Business Name', LIMITS.shortFieldMaxLength],
    ['address', 'Address', LIMITS.shortFieldMaxLength],
    ['city', 'City', LIMITS.cityMaxLength],
    ['postcode', 'Postcode', LIMITS.postcodeMaxLength],
    ['category', 'Category', LIMITS.categoryMaxLength],
    ['phone', 'Phone', LIMITS.phoneMaxLength],
    ['description', 'Description', LIMITS.textFieldMaxLength],
    ['proof_of_support', 'Palestine Support', LIMITS.textFieldMaxLength],
  ])('business %s', (field, label, max) => {
    expect(businessInputSchema.safeParse({ ...filled, [field]: 'x'.repeat(max) }).success).toBe(true);
    expect(firstMessage(businessInputSchema.safeParse({ ...filled, [field]: tooLong(max) }))).toEqual({
      path: field,
      message: textTooLongMessage(label, max),
    });
  });

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
});
