import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRUSTED_PROXIES', () => {
  it('reads addresses and CIDR ranges, comma-separated; none by default', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, ::1,10.0.0.0/8' }).trustedProxies).toEqual([
      { family: 'ipv4', address: '127.0.0.1', prefix: 32 },
      { family: 'ipv6', address: '::1', prefix: 128 },
      { family: 'ipv4', address: '10.0.0.0', prefix: 8 },
    ]);
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });

  it('stops the start with the variable named when an entry is no address or range', () => {
    for (const value of ['localhost', '127.0.0.1,caddy', '10.0.0.0/33', '*'])
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(/^Invalid setting TRUSTED_PROXIES\.\d+: addresses or CIDR ranges of the proxies in front/);
  });
});

describe('DATABASE_POOL_SIZE and DATABASE_STATEMENT_TIMEOUT_MS', () => {
  it('give each process its PostgreSQL pool size and statement timeout; 10 connections and a minute by default', () => {
    expect(loadConfig({}).postgres).toEqual({ poolSize: 10, statementTimeoutMs: 60_000 });
    expect(loadConfig({ DATABASE_POOL_SIZE: '4', DATABASE_STATEMENT_TIMEOUT_MS: '5000' }).postgres).toEqual({ poolSize: 4, statementTimeoutMs: 5000 });
  });

  it('stop the start with the variable named and what it takes', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow('Invalid setting DATABASE_POOL_SIZE: a whole number of connections, such as 10');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '2.5' })).toThrow('Invalid setting DATABASE_POOL_SIZE: a whole number of connections, such as 10');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('Invalid setting DATABASE_POOL_SIZE: at least 1 connection');
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '10s' })).toThrow('Invalid setting DATABASE_STATEMENT_TIMEOUT_MS: milliseconds, such as 60000');
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '50' })).toThrow('Invalid setting DATABASE_STATEMENT_TIMEOUT_MS: at least 100 ms: shorter would cancel ordinary queries');
  });
});
