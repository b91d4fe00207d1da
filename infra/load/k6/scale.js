// The bench:scale API scenarios for operators who have k6: `k6 run -e BASE_URL=http://localhost:8080 infra/load/k6/scale.js`.
// A visitor opening /browse on a large directory: summary, city groups, first page, a city's page, the map at
// three zooms, a search, then paging deep through the list by following Link rel="next".
import http from 'k6/http';
import { check, group } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const TERMS = ['bakery', 'falafel', 'coffee', 'books', 'olive', 'grocery'];
const VIEWS = [
  { bbox: '-11,49.5,2,61', zoom: 6 },
  { bbox: '-0.6,51.3,0.4,51.7', zoom: 10 },
  { bbox: '-0.14,51.50,-0.10,51.52', zoom: 14 },
];
const gzip = { headers: { 'Accept-Encoding': 'gzip' } };
const pick = (items) => items[Math.floor(Math.random() * items.length)];

export const options = {
  scenarios: {
    browse: { executor: 'constant-vus', vus: 20, duration: '60s', exec: 'browse' },
    deepPages: { executor: 'constant-vus', vus: 2, duration: '60s', exec: 'deepPages' },
  },
  thresholds: {
    'http_req_duration{name:summary}': ['p(95)<100'],
    'http_req_duration{name:page}': ['p(95)<100'],
    'http_req_duration{name:map}': ['p(95)<100'],
    'http_req_duration{name:search}': ['p(95)<150'],
  },
};

export function browse() {
  group('browse', () => {
    check(http.get(`${BASE_URL}/api/businesses/summary`, { ...gzip, tags: { name: 'summary' } }), { 'summary 200': (r) => r.status === 200 });
    const groups = http.get(`${BASE_URL}/api/businesses/by-city`, { ...gzip, tags: { name: 'by-city' } });
    check(groups, { 'by-city 200': (r) => r.status === 200 });
    check(http.get(`${BASE_URL}/api/businesses`, { ...gzip, tags: { name: 'page' } }), { 'page 200': (r) => r.status === 200 });
    const cities = groups.json('groups') || [];
    if (cities.length) {
      const city = encodeURIComponent(pick(cities).city);
      check(http.get(`${BASE_URL}/api/businesses?city=${city}`, { ...gzip, tags: { name: 'page' } }), { 'city page 200': (r) => r.status === 200 });
    }
    for (const view of VIEWS) {
      const answer = http.get(`${BASE_URL}/api/businesses/map?bbox=${view.bbox}&zoom=${view.zoom}`, { ...gzip, tags: { name: 'map' } });
      check(answer, { 'map 200': (r) => r.status === 200 });
    }
    const search = http.get(`${BASE_URL}/api/businesses?search=${pick(TERMS)}`, { ...gzip, tags: { name: 'search' } });
    check(search, { 'search 200': (r) => r.status === 200 });
  });
}

export function deepPages() {
  let next = '/api/businesses?limit=500';
  for (let page = 0; next && page < 200; page += 1) {
    const answer = http.get(`${BASE_URL}${next}`, { ...gzip, tags: { name: 'page' } });
    check(answer, { 'page 200': (r) => r.status === 200 });
    const link = answer.headers.Link || answer.headers.link;
    const match = link && /<([^>]+)>;\s*rel="next"/.exec(link);
    next = match ? match[1] : null;
  }
}
