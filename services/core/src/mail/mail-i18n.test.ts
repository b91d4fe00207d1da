import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, catalogProblems } from '@zaytoon/contract';
import golden from './english-mails.golden.json';
import { MAIL_CATALOGS } from './mail-i18n';
import { accountDeletedMail, freshnessReminderMail, passwordChangedMail, pauseNoticeMail, resetCodeMail } from './mail-templates';

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

  it("every mail catalog has every key English has, with its language's plural forms", () => {
    for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
      expect(catalogProblems(MAIL_CATALOGS.en, MAIL_CATALOGS[language], language), language).toEqual([]);
    }
  });
});
