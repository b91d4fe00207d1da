// The API as a browser reaches it behind a TLS-terminating balancer: the public Origin on writes, https told by
// X-Forwarded-Proto, its own cookies. The production boot test and the containers test both talk to it so.
import { createApiClient } from '@zaytoon/contract/client';
import { CookieJar } from '../e2e/support/cookie-jar';

export function balancerClient(baseUrl: string, publicOrigin: string) {
  const jar = new CookieJar();
  const setCookies: string[] = [];
  const behindBalancer: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-proto', 'https');
    headers.set('origin', publicOrigin);
    if (jar.size) headers.set('cookie', jar.header());
    const response = await fetch(input, { ...init, headers });
    setCookies.push(...response.headers.getSetCookie());
    jar.keep(response);
    return response;
  };
  return { api: createApiClient({ baseUrl, fetch: behindBalancer, readCookies: () => jar.header() }), setCookies };
}
