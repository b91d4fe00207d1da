import { describe, expect, it } from 'vitest';
import { MESSAGES, PARAMETERISED_MESSAGES, textTooLongMessage } from '../messages';
import { FIELD_LABELS, INPUT_LABELS } from '../limits';
import { inputLabelKey } from './contract-labels';
import { contractEnglishCatalog } from './contract-english';
import { errorResponse } from '../schemas/common.schema';
import { commentInputSchema } from '../schemas/comment.schema';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, directionOf, negotiateLanguage, requestLanguage } from './languages';
import { MESSAGE_CODES, coded, issueMessage, readIssueMessage } from './message-codes';

describe('languages', () => {
  it('lists English, Arabic, Urdu and Welsh, each named in its own script, Arabic and Urdu right to left', () => {
    expect(LANGUAGES.map(({ code, name, dir }) => `${code} ${name} ${dir}`)).toEqual([
      'en English ltr',
      'ar العربية rtl',
      'ur اردو rtl',
      'cy Cymraeg ltr',
    ]);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(directionOf('ur')).toBe('rtl');
    expect([isLanguage('cy'), isLanguage('fr'), isLanguage('AR'), isLanguage(null)]).toEqual([true, false, false, false]);
  });

  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ar', 'ar'],
    ['ar-EG,ar;q=0.9,en;q=0.8', 'ar'],
    ['cy-GB', 'cy'],
    ['UR-pk', 'ur'],
    ['fr-FR,fr;q=0.9,cy;q=0.8,en;q=0.7', 'cy'],
    ['en;q=0.5, ar;q=0.9', 'ar'],
    ['ur;q=0.8, cy;q=0.8', 'ur'],
    ['ar;q=0, en;q=0.1', 'en'],
    ['ar;q=0', 'en'],
    ['de, *;q=0.5', 'en'],
    ['fr, ja', 'en'],
    ['ar;q=abc, cy', 'cy'],
    [' , ;q=1, cy ; q=0.3', 'cy'],
  ])('chooses %j as %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });

  it("prefers the visitor's cookie to Accept-Language, and ignores a cookie naming no language", () => {
    expect(requestLanguage('ur', 'ar')).toBe('ur');
    expect(requestLanguage('xx', 'cy-GB')).toBe('cy');
    expect(requestLanguage(undefined, undefined)).toBe('en');
  });
});

describe('message codes', () => {
  it('name every message once: the keys of MESSAGES and of PARAMETERISED_MESSAGES', () => {
    expect(MESSAGE_CODES).toEqual([...Object.keys(MESSAGES), ...Object.keys(PARAMETERISED_MESSAGES)]);
    expect(new Set(MESSAGE_CODES).size).toBe(MESSAGE_CODES.length);
    for (const code of MESSAGE_CODES) expect(code).toMatch(/^[a-z][A-Za-z]*$/);
  });

  it('render the English of messages.ts, with params for a parameterised one', () => {
    expect(coded('businessNotFound')).toEqual({ code: 'businessNotFound', text: 'Business not found' });
    expect(coded('textTooLong', { field: 'Name', max: 100 })).toEqual({
      code: 'textTooLong',
      params: { field: 'Name', max: 100 },
      text: textTooLongMessage('Name', 100),
    });
  });

  it("travel through a zod issue by code, and zod's own messages are not codes", () => {
    expect(readIssueMessage(issueMessage('textTooLong', { field: 'Comment', max: 1000 }))).toEqual(
      coded('textTooLong', { field: 'Comment', max: 1000 }),
    );
    expect(readIssueMessage(commentInputSchema.safeParse({ comment_text: 'ab' }).error!.issues[0]!.message)).toEqual(coded('commentTooShort'));
    for (const other of ['Invalid input: expected string', 'toString', 'textTooLong', 'textTooLong:{', 'businessNotFound:{}']) {
      expect(readIssueMessage(other), other).toBeUndefined();
    }
  });

  it("are in the error answer's schema", () => {
    const answer = { detail: 'Name must be at most 100 characters', code: 'textTooLong', params: { field: 'Name', max: 100 } };
    expect(errorResponse.parse(answer)).toEqual(answer);
    expect(errorResponse.safeParse({ detail: 'x', code: 'noSuchCode' }).success).toBe(false);
  });
});

describe("the input a validation message names, as the catalog's label", () => {
  it('finds the entry of a business field, by its English label or by the field itself, and of the other inputs', () => {
    expect(inputLabelKey(FIELD_LABELS.name)).toBe('field.name');
    expect(inputLabelKey(FIELD_LABELS.website)).toBe('field.website');
    expect(inputLabelKey('business_hours')).toBe('field.business_hours');
    expect(inputLabelKey(INPUT_LABELS.newPassword)).toBe('input.newPassword');
    expect(inputLabelKey('Nothing of ours')).toBeUndefined();
  });

  it('finds each label of both tables as its own English entry', () => {
    const english = contractEnglishCatalog();
    for (const label of [...Object.values(FIELD_LABELS), ...Object.values(INPUT_LABELS)]) expect(english[inputLabelKey(label)!]).toBe(label);
  });
});
