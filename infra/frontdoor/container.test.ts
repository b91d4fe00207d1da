// The front-end images' entry point renders a configuration nginx accepts, from the environment alone.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILES } from '@zaytoon/contract/client';
import { ensureNginx } from '../dev/nginx';
import { renderContainerConfig } from './container';
import { createLoopbackCertificate } from './loopback-certificate';

const work = mkdtempSync(join(tmpdir(), 'zaytoon-container-'));
// NGINX_PREFIX: where the rendered configuration keeps its pid and temporary files.
mkdirSync(join(work, 'temp'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const production = {
  PUBLIC_ORIGIN: 'https://zaytoon.example',
  API_UPSTREAMS: 'api:3000',
  DIRECTORY_UPSTREAM: 'directory:8080',
  ADMIN_UPSTREAM: 'admin:8080',
  DIRECTORY_REMOTE_URL: 'https://zaytoon.example/remotes/directory/mf-manifest.json',
  ADMIN_REMOTE_URL: 'https://cdn.zaytoon.example/admin/mf-manifest.json',
  HSTS: 'on',
  FRONTDOOR_TRUSTED_PROXIES: '10.0.0.0/8, 192.168.0.0/16',
};

/** `nginx -t` on the rendered file; upstream host names resolve only in the cluster, so loopback stands in. */
function nginxAccepts(config: string): { ok: boolean; output: string } {
  const file = join(work, 'nginx.conf');
  writeFileSync(file, config.replace(/(server )(api|directory|admin)(:\d+)/g, '$1127.0.0.1$3'));
  // stdout (the access log) to /dev/null: nginx cannot open a socket as /dev/stdout.
  const result = spawnSync(ensureNginx().binary, ['-t', '-p', work, '-c', file, '-e', 'stderr'], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return { ok: result.status === 0, output: result.stderr };
}

describe('front-end container configuration', () => {
  it('front door: nginx accepts it; CSP names only the other remote origins; HSTS and trusted balancers as set', () => {
    const { config, runtimeConfig, webManifest } = renderContainerConfig('frontdoor', { ...production, PRODUCT_NAME: 'Olive', NGINX_PREFIX: work });
    const checked = nginxAccepts(config);
    expect(checked.ok, checked.output).toBe(true);
    // The shell page's (the API reference and the embed have policies of their own).
    const csp = /location = \/ \{[^}]*Content-Security-Policy "([^"]+)"/.exec(config)?.[1] ?? '';
    expect(csp).toContain("script-src 'self' https://cdn.zaytoon.example;");
    expect(csp).not.toContain('https://zaytoon.example');
    expect(config).toContain('Strict-Transport-Security');
    expect(config).toContain('set_real_ip_from 10.0.0.0/8;');
    expect(config).toContain('set_real_ip_from 192.168.0.0/16;');
    expect(config).toMatch(/upstream zaytoon_api \{\s+server api:3000 /);
    // The directory remote is served by this front door: nothing to connect to early.
    expect(config).not.toContain('rel=preconnect');
    expect(JSON.parse(webManifest ?? '')).toMatchObject({ name: 'Olive', short_name: 'Olive' });
    expect(config).toContain(`alias ${join(work, 'manifest.webmanifest')};`);
    expect(JSON.parse(runtimeConfig ?? '')).toEqual({
      productName: 'Olive',
      remotes: { directory: production.DIRECTORY_REMOTE_URL, admin: production.ADMIN_REMOTE_URL },
      mapTiles: DEFAULT_MAP_TILES,
    });
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
  });

  it("front door: the map tiles of MAP_TILE_URL, with their attribution, in the runtime config and the pages' img-src", () => {
    const mapTiles = { MAP_TILE_URL: 'https://{s}.tiles.example.net/v1/{z}/{x}/{y}.png?key=k', MAP_TILE_ATTRIBUTION: '© Tiles Ltd, © OpenStreetMap' };
    const { config, runtimeConfig } = renderContainerConfig('frontdoor', { ...production, ...mapTiles, NGINX_PREFIX: work });
    expect(JSON.parse(runtimeConfig ?? '').mapTiles).toEqual({ url: mapTiles.MAP_TILE_URL, attribution: mapTiles.MAP_TILE_ATTRIBUTION });
    const policies = [...config.matchAll(/Content-Security-Policy "([^"]+)"/g)].map((match) => match[1]);
    const withTiles = policies.filter((each) => each.includes("img-src 'self' data: blob: "));
    expect(withTiles.length).toBeGreaterThanOrEqual(2); // the shell's pages and the embeddable map
    for (const policy of withTiles) expect(policy).toContain("img-src 'self' data: blob: https://*.tiles.example.net;");
    expect(config).not.toContain('tile.openstreetmap.org');
    expect(() => renderContainerConfig('frontdoor', { ...production, MAP_TILE_URL: mapTiles.MAP_TILE_URL })).toThrow(
      /MAP_TILE_URL and MAP_TILE_ATTRIBUTION/,
    );
    expect(() => renderContainerConfig('frontdoor', { ...production, ...mapTiles, MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}.png' })).toThrow(
      /MAP_TILE_URL must contain \{y\}/,
    );
  });

  it('front door: pages ask browsers to connect early to a directory remote on another origin, and to that one only; its pages ask for its manifest', () => {
    const cdn = 'https://cdn.zaytoon.example/directory/mf-manifest.json';
    const { config } = renderContainerConfig('frontdoor', { ...production, DIRECTORY_REMOTE_URL: cdn, NGINX_PREFIX: work });
    expect(nginxAccepts(config).ok).toBe(true);
    const preconnect = '<https://cdn.zaytoon.example>; rel=preconnect; crossorigin';
    // '/' and '/admin' (not the directory's pages), then a business's page (after its merge lookup), then every other page.
    expect(config.match(/add_header Link "([^"]+)"/g)).toEqual([
      `add_header Link "${preconnect}"`,
      `add_header Link "${preconnect}"`,
      `add_header Link "${preconnect}, <${cdn}>; rel=preload; as=fetch; crossorigin"`,
      `add_header Link "${preconnect}, <${cdn}>; rel=preload; as=fetch; crossorigin"`,
    ]);
  });

  it('front door: with a certificate and key, nginx accepts it serving HTTPS and HTTP/2 on LISTEN_PORT', () => {
    const { certificateFile, keyFile } = createLoopbackCertificate(work);
    const env = { ...production, LISTEN_PORT: '8443', TLS_CERTIFICATE_FILE: certificateFile, TLS_KEY_FILE: keyFile, NGINX_PREFIX: work };
    const { config } = renderContainerConfig('frontdoor', env);
    const checked = nginxAccepts(config);
    expect(checked.ok, checked.output).toBe(true);
    expect(config).toContain('listen 8443 ssl http2;');
    expect(config).toContain(`ssl_certificate ${certificateFile};`);
    expect(config).toContain(`ssl_certificate_key ${keyFile};`);
    expect(renderContainerConfig('frontdoor', { ...production, NGINX_PREFIX: work }).config).not.toContain('ssl');
  });

  it('front door: with TLS, HTTP_REDIRECT_PORT answers plain HTTP with a redirect to PUBLIC_ORIGIN, and nothing else', () => {
    const { certificateFile, keyFile } = createLoopbackCertificate(work);
    const tls = { TLS_CERTIFICATE_FILE: certificateFile, TLS_KEY_FILE: keyFile };
    const env = { ...production, ...tls, LISTEN_PORT: '8443', HTTP_REDIRECT_PORT: '8080', NGINX_PREFIX: work };
    const { config } = renderContainerConfig('frontdoor', env);
    const checked = nginxAccepts(config);
    expect(checked.ok, checked.output).toBe(true);
    const redirect = config.slice(config.indexOf('listen 8080;'));
    expect(redirect).toContain('return 301 https://zaytoon.example$request_uri;');
    expect(redirect).not.toContain('proxy_pass');
    expect(() => renderContainerConfig('frontdoor', { ...production, HTTP_REDIRECT_PORT: '8080' })).toThrow(/HTTP_REDIRECT_PORT needs TLS/);
    expect(() => renderContainerConfig('frontdoor', { ...env, PUBLIC_ORIGIN: 'http://zaytoon.example' })).toThrow(/https PUBLIC_ORIGIN/);
    expect(() => renderContainerConfig('frontdoor', { ...env, HTTP_REDIRECT_PORT: 'eighty' })).toThrow(/HTTP_REDIRECT_PORT=eighty is not a port/);
  });

  it('remote: nginx accepts it and serves STATIC_ROOT', () => {
    const { config, runtimeConfig } = renderContainerConfig('remote', { STATIC_ROOT: '/app/dist', NGINX_PREFIX: work });
    expect(nginxAccepts(config).ok).toBe(true);
    expect(config).toContain('root /app/dist;');
    expect(runtimeConfig).toBeUndefined();
  });

  it('refuses a configuration it cannot stand behind, naming the setting', () => {
    const without = (name: keyof typeof production) => ({ ...production, [name]: '' });
    expect(() => renderContainerConfig('frontdoor', without('PUBLIC_ORIGIN'))).toThrow(/PUBLIC_ORIGIN/);
    expect(() => renderContainerConfig('frontdoor', without('API_UPSTREAMS'))).toThrow(/API upstream/);
    expect(() => renderContainerConfig('frontdoor', { ...production, API_UPSTREAMS: 'api' })).toThrow(/API_UPSTREAMS=api is not host:port/);
    expect(() => renderContainerConfig('frontdoor', { ...production, HSTS: 'yes please' })).toThrow(/HSTS/);
    expect(() => renderContainerConfig('frontdoor', { ...production, PUBLIC_ORIGIN: 'zaytoon' })).toThrow(/PUBLIC_ORIGIN=zaytoon is not a URL/);
    expect(() => renderContainerConfig('shell', production)).toThrow(/unknown role/);
    expect(() => renderContainerConfig('frontdoor', { ...production, TLS_CERTIFICATE_FILE: '/tls/crt.pem' })).toThrow(/TLS_KEY_FILE/);
  });
});
