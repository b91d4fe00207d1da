import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from './config';

describe('loadConfig', () => {
  it('uses the documented development defaults', () => {
    const config = loadConfig('development', {});
    expect(config.ports).toEqual({
      postgres: 5433,
      redis: 6380,
      api: 3000,
      shell: 8080,
      directory: 8081,
      admin: 8082,
      mailSmtp: 1025,
      mailHttp: 8025,
    });
    expect(config.dataDir).toBe(`${repoRoot}/.data`);
    expect(config.directoryRemoteUrl).toBe('http://localhost:8081/mf-manifest.json');
    expect(config.redisAppendOnly).toBe(true);
  });

  it('shifts every default port with PORT_OFFSET; an explicit port still wins', () => {
    const config = loadConfig('test', { PORT_OFFSET: '1000', API_PORT: '4999' });
    expect(config.ports.shell).toBe(9180);
    expect(config.ports.postgres).toBe(6434);
    expect(config.ports.api).toBe(4999);
    expect(config.publicOrigin).toBe('http://localhost:9180');
    expect(config.apiOrigin).toBe('http://localhost:4999');
  });

  it('refuses ports that browsers and fetch block, naming the variable', () => {
    expect(() => loadConfig('development', { PORT_OFFSET: '3000' })).toThrow(/API_PORT would be 6000/);
    expect(() => loadConfig('development', { PORT_OFFSET: '2000' })).toThrow(/SHELL_PORT would be 10080/);
    expect(loadConfig('development', { PORT_OFFSET: '3000', API_PORT: '6010' }).ports.api).toBe(6010);
  });

  it('never lets npm test use DATABASE_URL / REDIS_URL (they may hold development data)', () => {
    const env = { DATABASE_URL: 'postgres://dev/zaytoon', REDIS_URL: 'redis://dev' };
    expect(loadConfig('test', env).externalDatabaseUrl).toBeUndefined();
    expect(loadConfig('test', env).externalRedisUrl).toBeUndefined();
    expect(loadConfig('test', { TEST_DATABASE_URL: 'postgres://t/x' }).externalDatabaseUrl).toBe('postgres://t/x');
    expect(loadConfig('development', env).externalDatabaseUrl).toBe('postgres://dev/zaytoon');
    expect(loadConfig('test', {}).redisAppendOnly).toBe(false);
  });

  it('rejects a port that is not a port', () => {
    expect(() => loadConfig('development', { SHELL_PORT: 'abc' })).toThrow(/SHELL_PORT/);
  });
});
