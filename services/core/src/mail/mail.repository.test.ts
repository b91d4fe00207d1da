import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { MailRepository, smtpTransportOptions } from './mail.repository';

const base = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x', SMTP_HOST: 'smtp.example.com', SMTP_PORT: '587', JOB_DATA_KEY: 'k'.repeat(40) };

describe('SMTP transport settings', () => {
  it('requires TLS (STARTTLS) in production', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-0123456789abcdef' });
    expect(smtpTransportOptions(config)).toMatchObject({ host: 'smtp.example.com', port: 587, secure: false, requireTLS: true });
    const repository = new MailRepository(config);
    expect((repository as unknown as { transport: { options: { requireTLS?: boolean } } }).transport.options.requireTLS).toBe(true);
    repository.close();
  });

  it('SMTP_REQUIRE_TLS overrides the default either way', () => {
    const production = { ...base, NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-0123456789abcdef' };
    expect(smtpTransportOptions(loadConfig({ ...production, SMTP_REQUIRE_TLS: 'false' })).requireTLS).toBe(false);
    expect(smtpTransportOptions(loadConfig({ ...production, SMTP_REQUIRE_TLS: '' })).requireTLS).toBe(true);
    expect(smtpTransportOptions(loadConfig({ ...base, SMTP_REQUIRE_TLS: 'true' })).requireTLS).toBe(true);
  });

  it('does not outside production (the dev mail catcher speaks plain SMTP)', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(smtpTransportOptions(loadConfig({ ...base, NODE_ENV })).requireTLS).toBe(false);
    }
  });
});
