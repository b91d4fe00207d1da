import { expect, test } from './test';
import { CookieJar } from './cookie-jar';

const answerSetting = (...cookies: string[]) => {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { headers });
};

test.describe('the test clients’ cookie jar', () => {
  test('keeps what an answer sets, as written, and sends it back', () => {
    const jar = new CookieJar();
    jar.keep(answerSetting('XSRF-TOKEN=abc%3D1; Path=/; SameSite=Strict', 'zaytoon.sid=s%3Aone.two; Path=/; HttpOnly; Secure'));
    expect(jar.header()).toBe('XSRF-TOKEN=abc%3D1; zaytoon.sid=s%3Aone.two');
    expect(jar.decoded('XSRF-TOKEN')).toBe('abc=1');
  });

  test('drops a cookie set empty, with Max-Age=0 or with a past Expires, and replaces one set again', () => {
    const jar = new CookieJar();
    jar.keep(answerSetting('a=1', 'b=2', 'c=3', 'd=4'));
    jar.keep(
      answerSetting(
        'a=; Path=/',
        'b=gone; Max-Age=0',
        'c=gone; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
        `d=5; Expires=${new Date(Date.now() + 60_000).toUTCString()}`,
      ),
    );
    expect([...jar]).toEqual([['d', '5']]);
  });
});
