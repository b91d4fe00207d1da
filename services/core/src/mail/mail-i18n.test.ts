import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@zaytoon/contract';
import golden from './english-mails.golden.json';
import { MAIL_CATALOGS, mailTexts, type MailKey } from './mail-i18n';
import {
  accountDeletedMail,
  alertDigestMail,
  freshnessReminderMail,
  passwordChangedMail,
  pauseNoticeMail,
  resetCodeMail,
  type AlertSection,
} from './mail-templates';

const product = 'Zaytoon';
const english = { language: 'en' } as const;

describe("mails in the member's language", () => {
  it('English stays what it was, byte for byte, but for the lang and dir its HTML now names', () => {
    const now = {
      resetCode: resetCodeMail({ product, name: ' Amal <&> ', code: '483920', ...english }),
      resetCodeNoName: resetCodeMail({ product, name: '  ', code: '000111', ...english }),
      passwordChanged: passwordChangedMail({ product, name: 'Amal', ...english }),
      accountDeleted: accountDeletedMail({ product, name: 'Amal', ...english }),
      freshnessReminder: freshnessReminderMail({
        product,
        name: 'Amal',
        businessName: 'Olive "Grove"',
        confirmUrl: 'https://z.example/confirm-listing?token=a&b',
        editUrl: 'https://z.example/edit-business/7',
        ...english,
      }),
    };
    for (const [name, mail] of Object.entries(now)) {
      const before = golden[name as keyof typeof golden];
      expect(mail, name).toEqual({ ...before, html: before.html.replace('<html>', '<html lang="en" dir="ltr">'), language: 'en' });
    }
  });

  it('an Arabic reset code mail is Arabic and right to left, with Arabic plural forms', () => {
    const mail = resetCodeMail({ product, name: 'أمل', code: '483920', language: 'ar' });
    expect(mail.subject).toBe('رمز إعادة تعيين كلمة المرور في Zaytoon');
    expect(mail.text).toContain('مرحبًا أمل،');
    expect(mail.text).toContain('بعد 15 دقيقة');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.language).toBe('ar');
    expect(freshnessReminderMail({ product, name: '', businessName: 'B', confirmUrl: 'u', editUrl: 'e', language: 'cy' }).text).toContain(
      'am 30 diwrnod',
    );
  });

  it("a pause's notice names the business, says the listing stays, and links to it, in the owner's language", () => {
    const input = { product, name: 'Amal', businessName: 'Olive <Grove>', businessUrl: 'https://z.example/business/7' };
    const english = pauseNoticeMail({ ...input, language: 'en' });
    expect(english.subject).toBe('Unusual activity on "Olive <Grove>" on Zaytoon');
    expect(english.text).toContain('Your listing stays in the directory');
    expect(english.html).toContain('Olive &lt;Grove&gt;');
    expect(english.html).toContain('href="https://z.example/business/7"');
    const welsh = pauseNoticeMail({ ...input, language: 'cy' });
    expect(welsh.subject).toBe('Gweithgarwch anarferol ar "Olive <Grove>" ar Zaytoon');
    expect(pauseNoticeMail({ ...input, language: 'ar' }).html).toContain('<html lang="ar" dir="rtl">');
  });

  it('an Arabic alert mail takes the plural form of its count: zero, one, two, few, many and other', () => {
    const alert = (total: number): AlertSection => ({
      id: 1,
      city: null,
      category: null,
      search: null,
      total,
      businesses: [{ id: 7, name: 'B', city: 'Leeds' }],
      browseUrl: 'https://z.example/browse',
      unsubscribeUrl: 'https://z.example/u',
      businessUrl: (id) => `https://z.example/business/${id}`,
    });
    const subject = (count: number) =>
      alertDigestMail({ product, name: 'أمل', alerts: count ? [alert(count)] : [], settingsUrl: 's', unsubscribeAllUrl: 'u', language: 'ar' })
        .subject;
    expect([0, 1, 2, 3, 11, 100].map(subject)).toEqual([
      'لا أنشطة تجارية جديدة على Zaytoon لتنبيهاتك',
      'نشاط تجاري جديد واحد على Zaytoon لتنبيهاتك',
      'نشاطان تجاريان جديدان على Zaytoon لتنبيهاتك',
      '3 أنشطة تجارية جديدة على Zaytoon لتنبيهاتك',
      '11 نشاطًا تجاريًا جديدًا على Zaytoon لتنبيهاتك',
      '100 نشاط تجاري جديد على Zaytoon لتنبيهاتك',
    ]);
    expect(alertDigestMail({ product, name: '', alerts: [alert(100)], settingsUrl: 's', unsubscribeAllUrl: 'u', language: 'ar' }).text).toContain(
      'و99 أخرى: https://z.example/browse',
    );
  });

  it('a Welsh counted text takes its six forms too', () => {
    const expiry = (count: number) => mailTexts('cy')('resetCode.expiry', { count }).replace(". Dim ond unwaith y mae'n gweithio.", '');
    expect([0, 1, 2, 3, 6, 4, 100].map(expiry)).toEqual([
      "Daw'r cod i ben ar unwaith",
      "Daw'r cod i ben mewn un munud",
      "Daw'r cod i ben mewn dau funud",
      "Daw'r cod i ben mewn tri munud",
      "Daw'r cod i ben mewn chwe munud",
      "Daw'r cod i ben mewn 4 munud",
      "Daw'r cod i ben mewn 100 munud",
    ]);
  });

  it('every message of every language renders with its values filled in; a value a message needs but is not given is an error', () => {
    const values = { name: 'N', product, business: 'B', city: 'C', category: 'K', search: 'S', email: 'e@x', count: 2, brand: 'R', type: 'P' };
    for (const language of LANGUAGE_CODES) {
      for (const key of Object.keys(MAIL_CATALOGS.en) as MailKey[]) {
        expect(mailTexts(language)(key, values), `${language} ${key}`).not.toMatch(/[{}]|undefined/);
      }
    }
    expect(() => mailTexts('ar')('greeting', {})).toThrow();
  });
});
