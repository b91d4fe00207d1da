// The bench:scale API scenarios for operators who have k6: `k6 run -e BASE_URL=http://localhost:8080 infra/load/k6/scale.js`.
// A visitor opening /browse on a large directory: summary, city groups, first page, a city's page, the map's tiles at
// four zooms, a search, then paging deep through the list by following Link rel="next".
import http from 'k6/http';
import { check, group } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const TERMS = ['bakery', 'falafel', 'coffee', 'books', 'olive', 'grocery'];
/** The map tile (XYZ, Web Mercator) holding a point at a zoom. */
function tileOf(lat, lng, z) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return { z, x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}
/** A phone's map of the UK, of London and of a London street: the 3 x 3 tiles around each centre. */
const VIEWS = [tileOf(54.5, -3, 6), tileOf(51.51, -0.12, 10), tileOf(51.51, -0.12, 14), tileOf(51.51, -0.12, 17)].flatMap((centre) =>
  [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => ({ z: centre.z, x: centre.x + dx, y: centre.y + dy }))),
);
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
    const version = http.get(`${BASE_URL}/api/businesses/map/version`, { ...gzip, tags: { name: 'map-version' } }).json('version');
    for (const { z, x, y } of VIEWS) {
      const answer = http.get(`${BASE_URL}/api/businesses/map/${z}/${x}/${y}?v=${version}`, { ...gzip, tags: { name: 'map' } });
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
