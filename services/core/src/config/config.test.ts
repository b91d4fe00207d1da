import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, withSecretFiles } from './config';

const required = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x' };
const production = { ...required, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), JOB_DATA_KEY: 'k'.repeat(40) };

describe('PUBLIC_ORIGIN', () => {
  it('is normalised to the origin browsers send: a trailing slash, a default port or capitals name the same one', () => {
    expect(loadConfig({ ...required, PUBLIC_ORIGIN: 'https://zaytoon.example/' }).PUBLIC_ORIGIN).toBe('https://zaytoon.example');
    expect(loadConfig({ ...required, PUBLIC_ORIGIN: ' HTTPS://Zaytoon.Example:443 ' }).PUBLIC_ORIGIN).toBe('https://zaytoon.example');
    expect(loadConfig({ ...required, PUBLIC_ORIGIN: 'http://localhost:8180' }).PUBLIC_ORIGIN).toBe('http://localhost:8180');
    expect(loadConfig(required).PUBLIC_ORIGIN).toBe('http://localhost:8080');
  });

  it.each([
    'https://zaytoon.example/app',
    'https://zaytoon.example/?x=1',
    'https://zaytoon.example#top',
    'https://zaytoon.example?',
    'ftp://zaytoon.example',
    'zaytoon.example',
    'https://user:pw@zaytoon.example',
  ])('refuses %s, saying what an origin is', (value) => {
    expect(() => loadConfig({ ...required, PUBLIC_ORIGIN: value })).toThrow(/PUBLIC_ORIGIN must be an (http\(s\) )?origin/);
  });
});

describe('secrets from <NAME>_FILE (Docker and Kubernetes secrets)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zaytoon-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('reads each secret setting from its file, without the final line break', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL_FILE: file('database-url', 'postgres://zaytoon:pw@db/zaytoon\n'),
      REDIS_URL_FILE: file('redis-url', 'redis://:pw@redis:6379/0'),
      SESSION_SECRET_FILE: file('session-secret', `${'n'.repeat(40)},${'o'.repeat(40)}\r\n`),
      JOB_DATA_KEY_FILE: file('job-data-key', `${'k'.repeat(40)}\n`),
      METRICS_TOKEN_FILE: file('metrics-token', 'm'.repeat(20)),
      SMTP_PASS_FILE: file('smtp-pass', 'smtp password with spaces \n'),
    });
    expect(config.DATABASE_URL).toBe('postgres://zaytoon:pw@db/zaytoon');
    expect(config.REDIS_URL).toBe('redis://:pw@redis:6379/0');
    expect(config.SESSION_SECRETS).toEqual(['n'.repeat(40), 'o'.repeat(40)]);
    expect(config.JOB_DATA_KEY).toBe('k'.repeat(40));
    expect(config.METRICS_TOKEN).toBe('m'.repeat(20));
    expect(config.SMTP_PASS).toBe('smtp password with spaces ');
  });

  it('refuses a setting given both ways, and a file that cannot be read', () => {
    expect(() => loadConfig({ ...production, SESSION_SECRET_FILE: file('both', 'x'.repeat(40)) })).toThrow(
      'Invalid configuration: SESSION_SECRET and SESSION_SECRET_FILE are both set; set one',
    );
    expect(() => loadConfig({ ...production, JOB_DATA_KEY: '', JOB_DATA_KEY_FILE: join(dir, 'missing') })).toThrow(
      `Invalid configuration: JOB_DATA_KEY_FILE=${join(dir, 'missing')} cannot be read (ENOENT)`,
    );
  });

  it('leaves every other setting alone, and the environment it was given unchanged', () => {
    const env = { ...required, PUBLIC_ORIGIN_FILE: file('origin', 'https://elsewhere.example') };
    expect(withSecretFiles(env)).toEqual(env);
    expect(loadConfig(env).PUBLIC_ORIGIN).toBe('http://localhost:8080');
  });
});

describe('SESSION_SECRET as a list, and JOB_DATA_KEY as its own secret', () => {
  it('takes comma-separated secrets: the first signs (SESSION_SECRET), all verify (SESSION_SECRETS)', () => {
    const config = loadConfig({ ...production, SESSION_SECRET: ` ${'n'.repeat(40)} , ${'o'.repeat(40)} ` });
    expect(config.SESSION_SECRET).toBe('n'.repeat(40));
    expect(config.SESSION_SECRETS).toEqual(['n'.repeat(40), 'o'.repeat(40)]);
    expect(loadConfig(required).SESSION_SECRETS).toHaveLength(1);
  });

  it('refuses, in production, any secret of the list shorter than 32 characters', () => {
    expect(() => loadConfig({ ...production, SESSION_SECRET: `${'n'.repeat(40)},${'o'.repeat(20)}` })).toThrow(
      'SESSION_SECRET must be at least 32 characters in production',
    );
  });

  it('requires JOB_DATA_KEY in production, and refuses one that is also a session secret', () => {
    expect(() => loadConfig({ ...production, JOB_DATA_KEY: '' })).toThrow(/JOB_DATA_KEY must be set in production/);
    expect(() => loadConfig({ ...production, JOB_DATA_KEY: 's'.repeat(40) })).toThrow(/JOB_DATA_KEY must not be one of the SESSION_SECRET values/);
    expect(loadConfig({ ...required, NODE_ENV: 'test' }).JOB_DATA_KEY).toBeUndefined();
  });
});

describe('protection from bursts', () => {
  it('defaults to 5 accounts younger than 7 days within 60 minutes, and refuses a count below 2', () => {
    const config = loadConfig(required);
    expect([config.BURST_WINDOW_MINUTES, config.BURST_ACCOUNTS, config.BURST_ACCOUNT_AGE_DAYS]).toEqual([60, 5, 7]);
    const tuned = loadConfig({ ...required, BURST_WINDOW_MINUTES: '30', BURST_ACCOUNTS: '8', BURST_ACCOUNT_AGE_DAYS: '14' });
    expect([tuned.BURST_WINDOW_MINUTES, tuned.BURST_ACCOUNTS, tuned.BURST_ACCOUNT_AGE_DAYS]).toEqual([30, 8, 14]);
    expect(() => loadConfig({ ...required, BURST_ACCOUNTS: '1' })).toThrow(/BURST_ACCOUNTS/);
  });
});
