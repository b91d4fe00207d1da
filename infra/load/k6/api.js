// The bench:api scenarios for operators who have k6: `k6 run -e BASE_URL=http://localhost:8080 infra/load/k6/api.js`.
// Votes need a logged-in member: pass LOGIN and PASSWORD (an account made for load tests), and add the
// load generator's address to RATE_LIMIT_ALLOWLIST (the per-user write limit still applies).
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const TERMS = ['olive', 'bakery', 'london', 'cafe', 'restarant', 'manchester', 'books', 'M1', 'grocery', 'falafel', 'olive kitchen', 'jaffa bakery'];
const MAX_ID = Number(__ENV.MAX_ID || 300);

export const options = {
  scenarios: {
    search: { executor: 'constant-arrival-rate', rate: 200, timeUnit: '1s', duration: '30s', preAllocatedVUs: 50, exec: 'search' },
    list: { executor: 'constant-vus', vus: 10, duration: '30s', exec: 'list', startTime: '35s' },
    detail: { executor: 'constant-vus', vus: 20, duration: '30s', exec: 'detail', startTime: '70s' },
    vote: { executor: 'constant-vus', vus: 20, duration: '30s', exec: 'vote', startTime: '105s' },
  },
  thresholds: { 'http_req_duration{scenario:search}': ['p(95)<50'] },
};

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const gzip = { headers: { 'Accept-Encoding': 'gzip' } };

export function search() {
  const answer = http.get(`${BASE_URL}/api/businesses?search=${encodeURIComponent(pick(TERMS))}`, gzip);
  check(answer, { 'search 200': (r) => r.status === 200 });
}

export function list() {
  check(http.get(`${BASE_URL}/api/businesses`, gzip), { 'list 200': (r) => r.status === 200 });
}

export function detail() {
  const answer = http.get(`${BASE_URL}/api/businesses/${1 + Math.floor(Math.random() * MAX_ID)}`);
  check(answer, { 'detail 200 or 404': (r) => r.status === 200 || r.status === 404 });
}

export function setup() {
  if (!__ENV.LOGIN) return {};
  const jar = http.cookieJar();
  http.get(`${BASE_URL}/api/auth/me`);
  const token = jar.cookiesForURL(BASE_URL)['XSRF-TOKEN'][0];
  const headers = { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token, Origin: BASE_URL };
  const answer = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify({ login: __ENV.LOGIN, password: __ENV.PASSWORD }), { headers });
  check(answer, { 'login 200': (r) => r.status === 200 });
  return { cookies: jar.cookiesForURL(BASE_URL), headers };
}

export function vote(data) {
  if (!data.headers) return;
  const jar = http.cookieJar();
  for (const [name, values] of Object.entries(data.cookies)) jar.set(BASE_URL, name, values[0]);
  const id = 1 + Math.floor(Math.random() * MAX_ID);
  const answer = http.post(`${BASE_URL}/api/businesses/${id}/vote`, JSON.stringify({ vote_type: Math.random() < 0.7 ? 'upvote' : 'downvote' }), { headers: data.headers });
  check(answer, { 'vote 200 or 404': (r) => r.status === 200 || r.status === 404 });
}
