// nginx configurations for the front door (the shell's origin: the shell's build, /api and /ops
// proxied to the API upstreams, /remotes/<name>/ to the remotes' servers) and for each remote's own
// static server. One renderer for `npm start`, `npm test` and the container images.
import { API_ROUTES, CACHE_CONTROL, MESSAGES, SESSION_COOKIE, type PlainMessageCode, type RouteName } from '@zaytoon/contract';
import { APP_ROUTES, DEFAULT_MAP_TILES, tileOrigin } from '@zaytoon/contract/client';
import { WEB_MANIFEST_PATH } from '@zaytoon/shell/runtime-config';

export interface NginxProcessSettings {
  /** Addresses to listen on: `8080`, `127.0.0.1:8080`, `[::1]:8080`. */
  listen: string[];
  /** A writable directory for the pid file and nginx's temporary files. */
  prefix: string;
  workerProcesses: number | 'auto';
  /** Set when the master runs as root: the unprivileged user its workers run as. */
  user?: string;
  /** JSON access log lines (with the request id) on stdout; off in development. */
  accessLog: boolean;
  /** Path of ngx_http_brotli_static_module.so when installed; without it only gzip is served pre-compressed. */
  brotliModule?: string;
  mimeTypes: string;
  /** Serve HTTPS (and HTTP/2) on every listen address with this certificate and key, both PEM files. */
  tls?: TlsFiles;
}

export interface TlsFiles {
  certificateFile: string;
  keyFile: string;
}

export interface FrontDoorSettings extends NginxProcessSettings {
  shellRoot: string;
  runtimeConfigFile: string;
  /** The web app manifest, written from the runtime config beside it (its name is PRODUCT_NAME). */
  webManifestFile: string;
  /** host:port of each API process. */
  apiUpstreams: string[];
  /** Remotes this front door also serves under /remotes/<name>/ (host:port of their servers). */
  remoteUpstreams: Partial<Record<RemoteName, string>>;
  /** Origins the browser loads remote code from (scripts, styles, manifests), named in the CSP. */
  remoteOrigins: string[];
  /** Where the map's tiles come from (MAP_TILE_URL's origin): pages may load images from there. OpenStreetMap's when unset. */
  mapTileOrigin?: string;
  /** Origins a directory page loads code from as it opens (the directory remote's): pages ask browsers to connect early. */
  preconnectOrigins: string[];
  /**
   * The directory remote's manifest (runtime config's URL): its pages ask for it with the HTML, so the shell's early
   * script finds it on its way instead of requesting it after its own download and the runtime config's.
   */
  directoryManifest?: string;
  /** Strict-Transport-Security: on in production, where the public origin is https. */
  hsts: boolean;
  /** Load balancers in front of this one (addresses or CIDRs) whose X-Forwarded-For is believed. */
  trustedProxies: string[];
  /** Larger bodies are refused here, before they reach an API process (photos are at most 10 MB). */
  maxBodySize: string;
  /** With `tls`: plain-HTTP addresses that send every request to the same path on `origin` (the public https one). */
  httpsRedirect?: { listen: string[]; origin: string };
  /** Per-IP limit on the public reads that reach the database uncached; DEFAULT_UNCACHED_READ_LIMIT when left out. */
  uncachedReadLimit?: UncachedReadLimit;
}

export interface UncachedReadLimit {
  /** Sustained requests a minute from one client address. */
  perMinute: number;
  /** Requests past the rate answered at once before the 429s begin. */
  burst: number;
  /** Client addresses or CIDRs never limited (RATE_LIMIT_ALLOWLIST: load generators, health checkers). */
  allowlist: string[];
}

/** A business page asks for five of these at most (lookup, votes, comments, confirmations, can-edit): 24 pages a minute, 12 at once. */
export const DEFAULT_UNCACHED_READ_LIMIT: UncachedReadLimit = { perMinute: 120, burst: 60, allowlist: [] };

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new Error(`${name}=${value} is not a whole number`);
  return Number(value);
}

/** RATE_LIMIT_UNCACHED_READS_PER_MINUTE and _BURST, each with its default; RATE_LIMIT_ALLOWLIST as the API reads it. */
export function uncachedReadLimitFromEnv(env: Record<string, string | undefined>): UncachedReadLimit {
  return {
    perMinute: wholeNumber('RATE_LIMIT_UNCACHED_READS_PER_MINUTE', env.RATE_LIMIT_UNCACHED_READS_PER_MINUTE, DEFAULT_UNCACHED_READ_LIMIT.perMinute),
    burst: wholeNumber('RATE_LIMIT_UNCACHED_READS_BURST', env.RATE_LIMIT_UNCACHED_READS_BURST, DEFAULT_UNCACHED_READ_LIMIT.burst),
    allowlist: (env.RATE_LIMIT_ALLOWLIST ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
  };
}

export interface RemoteServerSettings extends NginxProcessSettings {
  root: string;
}

export type RemoteName = 'directory' | 'admin';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

type Header = readonly [name: string, value: string];

/**
 * Who may show a page in a frame: nobody, except for the embeddable map, which any site may frame.
 * `*` in frame-ancestors matches every http(s) origin.
 */
export type FrameAncestors = "'none'" | '*';

/** What the shell page may load: itself, the remotes' code, and map tiles. */
export function contentSecurityPolicy(
  remoteOrigins: string[],
  frameAncestors: FrameAncestors = "'none'",
  mapTileOrigin = tileOrigin(DEFAULT_MAP_TILES.url),
): string {
  const remotes = [...new Set(remoteOrigins)].join(' ');
  const withRemotes = (sources: string) => (remotes ? `${sources} ${remotes}` : sources);
  return [
    "default-src 'self'",
    `script-src ${withRemotes("'self'")}`,
    // React and Leaflet position elements with style attributes.
    `style-src ${withRemotes("'self' 'unsafe-inline'")}`,
    `img-src 'self' data: blob: ${mapTileOrigin}`,
    "font-src 'self' data:",
    `connect-src ${withRemotes("'self'")}`,
    // The service worker (/sw.js) and the web app manifest are the front door's own.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * The rendered API reference (Redoc from the shell's build): its own page, so its own policy.
 * Redoc styles with inline style elements and may search in a worker made from a blob; it loads nothing from elsewhere.
 */
export const API_REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function pageHeaders(
  settings: Pick<FrontDoorSettings, 'remoteOrigins' | 'mapTileOrigin' | 'preconnectOrigins' | 'directoryManifest' | 'hsts'>,
  { directoryPage = true } = {},
): Header[] {
  const preconnect = [...new Set(settings.preconnectOrigins)].map((origin) => `<${origin}>; rel=preconnect; crossorigin`);
  // Same mode as the early script's fetch (CORS, no cookies to another origin), so the browser hands it this download.
  if (directoryPage && settings.directoryManifest) preconnect.push(`<${settings.directoryManifest}>; rel=preload; as=fetch; crossorigin`);
  return [
    ['Content-Security-Policy', contentSecurityPolicy(settings.remoteOrigins, "'none'", settings.mapTileOrigin)],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), payment=(), geolocation=(self)'],
    ...(preconnect.length ? ([['Link', preconnect.join(', ')]] as Header[]) : []),
    ...(settings.hsts ? ([['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']] as Header[]) : []),
  ];
}

/** The embeddable map's page: framed by any site, so no X-Frame-Options; nothing to preconnect to. */
export function embedPageHeaders(settings: Pick<FrontDoorSettings, 'remoteOrigins' | 'mapTileOrigin' | 'hsts'>): Header[] {
  return pageHeaders({ ...settings, preconnectOrigins: [] }, { directoryPage: false })
    .filter(([name]) => name !== 'X-Frame-Options')
    .map(
      ([name, value]) =>
        [name, name === 'Content-Security-Policy' ? contentSecurityPolicy(settings.remoteOrigins, '*', settings.mapTileOrigin) : value] as const,
    );
}

function quote(value: string): string {
  if (/["\\\n\r]/.test(value)) throw new Error(`nginx setting contains a quote, backslash or newline: ${value}`);
  return `"${value}"`;
}

/** nginx's add_header in a location replaces every inherited one, so each location states all of its own. */
function headers(list: Header[], indent: string): string {
  return list.map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`).join('\n');
}

function block(name: string, body: string[], indent = ''): string {
  return [`${indent}${name} {`, ...body.filter(Boolean), `${indent}}`].join('\n');
}

function nginxMain(settings: NginxProcessSettings, servers: string[]): string {
  const prefix = settings.prefix;
  return [
    settings.brotliModule ? `load_module ${settings.brotliModule};` : '',
    settings.user ? `user ${settings.user};` : '',
    `worker_processes ${settings.workerProcesses};`,
    `pid ${prefix}/nginx.pid;`,
    'error_log stderr warn;',
    'events { worker_connections 4096; }',
    block('http', [
      `  include ${settings.mimeTypes};`,
      '  default_type application/octet-stream;',
      '  charset utf-8;',
      '  charset_types application/javascript application/json text/css text/plain;',
      '  sendfile on;',
      '  tcp_nopush on;',
      '  tcp_nodelay on;',
      '  server_tokens off;',
      '  keepalive_timeout 65s;',
      '  keepalive_requests 10000;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${prefix}/temp/${kind};`),
      '  gzip_static on;',
      settings.brotliModule ? '  brotli_static on;' : '',
      // Answers made on the fly (API JSON the API did not compress itself).
      '  gzip on;',
      '  gzip_proxied any;',
      '  gzip_vary on;',
      '  gzip_min_length 1024;',
      '  gzip_comp_level 5;',
      '  gzip_types application/json application/javascript text/css text/plain image/svg+xml;',
      settings.accessLog
        ? [
            `  log_format json escape=json '{"time":"$time_iso8601","request_id":"$request_id","remote_addr":"$remote_addr",'`,
            `    '"method":"$request_method","uri":"$request_uri","status":$status,"bytes":$body_bytes_sent,'`,
            `    '"duration_s":$request_time,"upstream":"$upstream_addr","upstream_s":"$upstream_response_time"}';`,
            '  access_log /dev/stdout json;',
          ].join('\n')
        : '  access_log off;',
      ...servers,
    ]),
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

function listenLines({ listen, tls }: Pick<NginxProcessSettings, 'listen'> & Partial<Pick<NginxProcessSettings, 'tls'>>): string[] {
  if (!tls) return listen.map((address) => `    listen ${address};`);
  return [
    // `listen … http2` rather than the `http2 on` of nginx 1.25.1+: Debian 12's nginx (1.22) knows only this form.
    ...listen.map((address) => `    listen ${address} ssl http2;`),
    `    ssl_certificate ${tls.certificateFile};`,
    `    ssl_certificate_key ${tls.keyFile};`,
    '    ssl_protocols TLSv1.2 TLSv1.3;',
    '    ssl_session_cache shared:TLS:10m;',
    '    ssl_session_timeout 1d;',
  ];
}

const API_ANSWERS_CACHE = 'zaytoon_api_answers';

/** The micro-cache's store: small and short-lived (answers live seconds; CONTRACT.md caching). */
function apiAnswersCachePath(prefix: string): string {
  return `  proxy_cache_path ${prefix}/temp/api-answers levels=1:2 keys_zone=${API_ANSWERS_CACHE}:10m max_size=256m inactive=60s use_temp_path=off;`;
}

/**
 * The W3C trace context the front door starts for each request it proxies (docs/decisions/0030-logs-metrics-traces.md): the
 * trace id is the request id (`$request_id`, 32 hex digits), so the id in every log line finds the trace too, and
 * the parent is a span id made from it. A client's own traceparent and tracestate are not forwarded: visitors do not
 * choose trace ids or sampling. nginx 1.22 has no OpenTelemetry module, so this parent is never exported itself.
 */
const traceparentMap = () =>
  block('map $request_id $frontdoor_traceparent', ['    "~^(?<span_id>[0-9a-f]{16})" "00-$request_id-$span_id-01";'], '  ');

/** 1 when the request carries the session cookie (nginx's $cookie_ variables cannot name one with a dot). */
const sessionCookieMap = () =>
  block('map $http_cookie $zaytoon_session_cookie', ['    default 0;', `    "~(^|;)\\s*${SESSION_COOKIE.replace(/\./g, '\\.')}=" 1;`], '  ');

/**
 * The micro-cache of public API answers: kept as long as the API's Cache-Control allows (public answers
 * only: private, no-store and answers that set a cookie are never stored), one request refreshes an entry while the
 * others wait or get the stale one for the answer's stale-while-revalidate, and an entry outlives a failing API. A
 * request with a session is never answered from it nor stored in it: its answers are the member's own.
 * Stale answers while updating come from the answer's stale-while-revalidate alone, never `proxy_cache_use_stale
 * updating`: when the refresh is a 404 (a deleted business or brand, private as every error) nothing replaces the
 * entry, and `updating` would serve it stale for as long as anyone asks.
 */
const microCache = [
  `      proxy_cache ${API_ANSWERS_CACHE};`,
  '      proxy_cache_lock on;',
  '      proxy_cache_lock_timeout 5s;',
  '      proxy_cache_use_stale error timeout http_500 http_502 http_503 http_504;',
  '      proxy_cache_background_update on;',
  '      proxy_cache_bypass $zaytoon_session_cookie;',
  '      proxy_no_cache $zaytoon_session_cookie;',
  // A kept answer carries this request's id, not the one of the request that filled the cache.
  '      proxy_hide_header X-Request-Id;',
  '      add_header X-Request-Id $request_id always;',
  '      add_header X-Cache-Status $upstream_cache_status always;',
];

function proxyLocation(path: string, upstream: string, extra: string[] = [], timeouts = { connect: '2s', read: '60s' }): string {
  return block(
    `location ${path}`,
    [
      `      proxy_pass ${upstream};`,
      '      proxy_http_version 1.1;',
      '      proxy_set_header Connection "";',
      '      proxy_set_header Host $http_host;',
      // The address this front door saw (after real_ip when it sits behind a trusted balancer),
      // never a client-supplied list.
      '      proxy_set_header X-Forwarded-For $remote_addr;',
      '      proxy_set_header X-Forwarded-Proto $forwarded_proto;',
      '      proxy_set_header X-Forwarded-Host $http_host;',
      '      proxy_set_header X-Request-Id $request_id;',
      '      proxy_set_header traceparent $frontdoor_traceparent;',
      '      proxy_set_header tracestate "";',
      // GET and HEAD go to the next upstream when one fails, also when a dying process cut its answer's header short;
      // writes are never sent twice (nginx's default).
      '      proxy_next_upstream error timeout invalid_header http_502 http_503 http_504;',
      '      proxy_next_upstream_tries 3;',
      `      proxy_connect_timeout ${timeouts.connect};`,
      `      proxy_read_timeout ${timeouts.read};`,
      ...extra,
    ],
    '    ',
  );
}

function staticLocation(path: string, cacheControl: string, extraHeaders: Header[], tryFiles = '$uri =404'): string {
  return block(`location ${path}`, [`      try_files ${tryFiles};`, headers([['Cache-Control', cacheControl], ...extraHeaders], '      ')], '    ');
}

/** An answer nginx gives itself, in CONTRACT's error shape. */
function jsonAnswerLocation(name: string, status: number, code: PlainMessageCode, extraHeaders: Header[] = []): string {
  const body = JSON.stringify({ detail: MESSAGES[code], code });
  if (body.includes("'")) throw new Error(`cannot quote ${body} for nginx`);
  // An error answer of the door's own, to any /api call (an admin's among them): never stored, as the API's.
  return block(
    `location ${name}`,
    [
      '      default_type application/json;',
      headers([['Cache-Control', CACHE_CONTROL.privateAnswer], ...extraHeaders], '      '),
      `      return ${status} '${body}';`,
    ],
    '    ',
  );
}

/**
 * Public reads the API answers from Postgres every time (private, so outside the micro-cache): limited per client
 * address here, before they reach an API process. The front door's page lookup is one too.
 */
export const UNCACHED_PUBLIC_READS = [
  'businessHistory',
  'confirmationSummary',
  'mergedBusinessPage',
  'getVotes',
  'listComments',
  'listPhotos',
  'listSuggestions',
  'canEdit',
  'partnerChanges',
] as const satisfies readonly RouteName[];

/**
 * The other public GETs outside the micro-cache, and why they are not limited here: the session's own answer (Redis,
 * no query), the open data files (read from storage, answered 304 by their ETag), and the unsubscribe link, which the
 * API limits per address itself.
 */
export const UNLIMITED_UNCACHED_READS = [
  'adminStatus',
  'exportBusinessesCsv',
  'exportBusinessesGeoJson',
  'unsubscribeAlertPage',
] as const satisfies readonly RouteName[];

const UNCACHED_READS_ZONE = 'zaytoon_uncached_reads';

/**
 * Express matches paths case-insensitively and with or without a trailing slash, so the location does too; the
 * path's parameters match any segment (a malformed id still reaches the API, for its 400).
 */
function uncachedReadsLocation(): string {
  const paths = UNCACHED_PUBLIC_READS.map((name) => API_ROUTES[name].path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+'));
  return `~* ^/api(?:${paths.join('|')})/?$`;
}

const ADDRESS_OR_CIDR = /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/;

/**
 * The counted key: the client's address for a GET or HEAD, empty (never counted) for an allowlisted client and for
 * writes, which the API limits per member. geo reads $remote_addr, the client's after real_ip.
 */
function uncachedReadsZone({ perMinute, burst, allowlist }: UncachedReadLimit): string[] {
  for (const address of allowlist) if (!ADDRESS_OR_CIDR.test(address)) throw new Error(`RATE_LIMIT_ALLOWLIST: ${address} is not an address`);
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new Error(`uncached read limit ${perMinute} is not a whole number of requests a minute`);
  if (!Number.isInteger(burst) || burst < 0) throw new Error(`uncached read burst ${burst} is not a whole number`);
  return [
    block('geo $zaytoon_rate_limit_exempt', ['    default 0;', ...allowlist.map((address) => `    ${address} 1;`)], '  '),
    block(
      'map "$zaytoon_rate_limit_exempt:$request_method" $zaytoon_uncached_read_client',
      ['    default "";', '    "0:GET" $binary_remote_addr;', '    "0:HEAD" $binary_remote_addr;'],
      '  ',
    ),
    `  limit_req_zone $zaytoon_uncached_read_client zone=${UNCACHED_READS_ZONE}:10m rate=${perMinute}r/m;`,
  ];
}

/** nginx refuses past the burst at once; a client that waits one request's share of the minute gets in again. */
function uncachedReadsRefusal({ perMinute }: UncachedReadLimit): Header[] {
  return [['Retry-After', String(Math.max(1, Math.ceil(60 / perMinute)))]];
}

const limitUncachedReads = ({ burst }: UncachedReadLimit) => [
  `      limit_req zone=${UNCACHED_READS_ZONE} burst=${burst} nodelay;`,
  '      limit_req_status 429;',
];

function realIp(trustedProxies: string[]): string[] {
  if (!trustedProxies.length) return [];
  return [...trustedProxies.map((proxy) => `    set_real_ip_from ${proxy};`), '    real_ip_header X-Forwarded-For;', '    real_ip_recursive on;'];
}

/** The embed's page: the shell's second build writes its HTML beside index.html (shell/embed/vite.config.ts). */
export const EMBED_PAGE = { path: '/embed', file: '/embed.html' } as const;

// =404 last: with index.html missing (a deploy in progress) nginx answers 404 instead of redirecting in a cycle.
const SHELL_PAGE = '$uri /index.html =404';

/** nginx's location for a route of the app: exact, or the prefix before its first parameter. */
function appRouteLocation(path: string): string {
  const parameter = path.indexOf('/:');
  return parameter === -1 ? `= ${path}` : `^~ ${path.slice(0, parameter + 1)}`;
}

export function frontDoorConfig(settings: FrontDoorSettings): string {
  if (!settings.apiUpstreams.length) throw new Error('the front door needs at least one API upstream');
  const uncachedReads = settings.uncachedReadLimit ?? DEFAULT_UNCACHED_READ_LIMIT;
  const page = pageHeaders(settings);
  const nosniff: Header[] = [['X-Content-Type-Options', 'nosniff']];
  const upstreams = [
    block(
      'upstream zaytoon_api',
      [
        ...settings.apiUpstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`),
        '    keepalive 64;',
        // Below Node's 5 s keep-alive: nginx closes an idle connection before the API does, so it never sends a
        // request (a POST it may not retry) on a connection the API is closing.
        '    keepalive_timeout 4s;',
      ],
      '  ',
    ),
    ...Object.entries(settings.remoteUpstreams).map(([name, address]) =>
      block(`upstream zaytoon_remote_${name}`, [`    server ${address};`, '    keepalive 8;'], '  '),
    ),
  ];
  // Only a trusted balancer's word on the original scheme counts.
  const forwardedProto = settings.trustedProxies.length
    ? block('map $http_x_forwarded_proto $forwarded_proto', ['    default $scheme;', '    https https;'], '  ')
    : block('map $scheme $forwarded_proto', ['    default $scheme;'], '  ');

  const server = block(
    'server',
    [
      ...listenLines(settings),
      '    server_name _;',
      `    root ${settings.shellRoot};`,
      `    client_max_body_size ${settings.maxBodySize};`,
      ...realIp(settings.trustedProxies),
      jsonAnswerLocation('@body_too_large', 413, 'bodyTooLarge'),
      jsonAnswerLocation('@picture_too_large', 413, 'pictureTooLarge'),
      proxyLocation('/api/', 'http://zaytoon_api', ['      error_page 413 @body_too_large;', ...microCache]),
      jsonAnswerLocation('@too_many_requests', 429, 'tooManyRequests', uncachedReadsRefusal(uncachedReads)),
      proxyLocation(uncachedReadsLocation(), 'http://zaytoon_api', [
        ...limitUncachedReads(uncachedReads),
        '      error_page 413 @body_too_large;',
        '      error_page 429 @too_many_requests;',
        ...microCache,
      ]),
      // The open data files answer 304 themselves (ETag, Last-Modified): outside the micro-cache, whose proxy_cache
      // would drop the validators on their way to the API.
      proxyLocation('^~ /api/export/', 'http://zaytoon_api'),
      // Photo files outside the micro-cache too: a photo hidden by reports must stop being served at once, which the
      // API decides per request; browsers still keep each file for good (its Cache-Control passes through).
      proxyLocation('^~ /api/uploads/photos/', 'http://zaytoon_api'),
      proxyLocation(`= /api${API_ROUTES.uploadProfilePicture.path}`, 'http://zaytoon_api', ['      error_page 413 @picture_too_large;']),
      proxyLocation('/ops/', 'http://zaytoon_api'),
      ...Object.keys(settings.remoteUpstreams).map((name) => proxyLocation(`/remotes/${name}/`, `http://zaytoon_remote_${name}/`)),
      block(
        'location = /runtime-config.json',
        [`      alias ${settings.runtimeConfigFile};`, headers([['Cache-Control', REVALIDATE], ...nosniff], '      ')],
        '    ',
      ),
      block(
        `location = ${WEB_MANIFEST_PATH}`,
        [
          `      alias ${settings.webManifestFile};`,
          '      types { }',
          '      default_type application/manifest+json;',
          headers([['Cache-Control', REVALIDATE], ...nosniff], '      '),
        ],
        '    ',
      ),
      // Revalidated: a browser looks for a new worker at each visit, and installs it as soon as this answers a new one.
      staticLocation('= /sw.js', REVALIDATE, nosniff),
      staticLocation('/icons/', REVALIDATE, nosniff),
      // Browsers ask for it on any page without an icon link (the API reference, a file opened in a tab): the app's
      // page in its place would be HTML, with a preload header that sends the browser to the directory remote.
      staticLocation('= /favicon.ico', REVALIDATE, nosniff),
      staticLocation('/assets/', IMMUTABLE, nosniff),
      // The shell's own federation entry carries a content hash in its name; its manifest does not.
      staticLocation('~ ^/remoteEntry-[^/]+\\.js$', IMMUTABLE, nosniff),
      staticLocation('= /mf-manifest.json', REVALIDATE, nosniff),
      staticLocation(
        '/api-reference/',
        REVALIDATE,
        [['Content-Security-Policy', API_REFERENCE_CSP], ...nosniff, ['Referrer-Policy', 'strict-origin-when-cross-origin']],
        '$uri /api-reference/index.html =404',
      ),
      // The pages of SPEC's routes that are not the directory's: the same page without the directory's manifest.
      ...APP_ROUTES.filter((route) => route.owner !== 'directory').map((route) =>
        staticLocation(appRouteLocation(route.path), REVALIDATE, pageHeaders(settings, { directoryPage: false }), SHELL_PAGE),
      ),
      // A merged business's page: the API answers 301 to the survivor's, or 404 for any other id, on which
      // (and on any failure: the page never waits on the API being up) the page is served as every other page is.
      proxyLocation(
        `~ ^/business/(\\d+)$`,
        `http://zaytoon_api/api${API_ROUTES.mergedBusinessPage.path.replace(':id', '$1')}`,
        [
          '      proxy_pass_request_body off;',
          '      proxy_set_header Content-Length "";',
          '      proxy_set_header Cookie "";',
          '      proxy_next_upstream_timeout 1s;',
          '      proxy_intercept_errors on;',
          // Past the limit the page is served without the lookup, as when the API is slow.
          ...limitUncachedReads(uncachedReads),
          '      error_page 400 404 429 500 502 503 504 = @app_page;',
        ],
        // A slow API delays the page by a second or two at most: then the page is served as if the id were not merged.
        { connect: '1s', read: '1s' },
      ),
      // The embeddable map: its own small build, the one page other sites may frame.
      staticLocation(`= ${EMBED_PAGE.path}`, REVALIDATE, embedPageHeaders(settings), `${EMBED_PAGE.file} =404`),
      block('location @app_page', ['      try_files /index.html =404;', headers([['Cache-Control', REVALIDATE], ...page], '      ')], '    '),
      staticLocation('/', REVALIDATE, page, SHELL_PAGE),
    ],
    '  ',
  );
  return nginxMain(settings, [
    forwardedProto,
    traceparentMap(),
    sessionCookieMap(),
    ...uncachedReadsZone(uncachedReads),
    apiAnswersCachePath(settings.prefix),
    ...upstreams,
    server,
    ...httpsRedirectServer(settings),
  ]);
}

/** A visitor who types the bare address arrives over plain HTTP: a permanent redirect, before anything is served. */
function httpsRedirectServer({ tls, httpsRedirect }: FrontDoorSettings): string[] {
  if (!httpsRedirect) return [];
  const origin = new URL(httpsRedirect.origin);
  if (!tls || origin.protocol !== 'https:') throw new Error('a redirect to https needs the front door to serve https');
  return [
    block(
      'server',
      [...listenLines({ listen: httpsRedirect.listen }), '    server_name _;', `    location / { return 301 ${origin.origin}$request_uri; }`],
      '  ',
    ),
  ];
}

/** A remote's build on its own origin: any page may import it (CORS), hashed files cached for a year. */
export function remoteServerConfig(settings: RemoteServerSettings): string {
  const shared: Header[] = [
    ['Access-Control-Allow-Origin', '*'],
    ['X-Content-Type-Options', 'nosniff'],
  ];
  const server = block(
    'server',
    [
      ...listenLines(settings),
      '    server_name _;',
      `    root ${settings.root};`,
      staticLocation('/assets/', IMMUTABLE, shared),
      // mf-manifest.json, remoteEntry.js and version.json: revalidated, so a new release is live at the next page load.
      staticLocation('/', REVALIDATE, shared),
    ],
    '  ',
  );
  return nginxMain(settings, [server]);
}
