import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { paymentGateway as gatewayFor } from '../../wiring';

// Choosing a gateway does not touch the database.
const noDb = {} as Db;

const base = { JWT_SECRET: 'k'.repeat(32), DATA_DIR: '/tmp/derap-payments-config' };
const production = { ...base, NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' };

describe('payment configuration', () => {
  it('uses the sandbox when no Midtrans server key is set (an empty variable counts as unset)', () => {
    const cfg = loadConfig({ ...base, MIDTRANS_SERVER_KEY: '', MIDTRANS_SNAP_URL: '' });
    expect(cfg.midtrans).toBeNull();
    expect(gatewayFor(cfg, noDb).name).toBe('sandbox');
    expect(cfg.paymentExpirySweepSeconds).toBe(60);
  });

  it("uses Midtrans' sandbox URLs by default and its production URLs with MIDTRANS_PRODUCTION", () => {
    const sandbox = loadConfig({ ...base, MIDTRANS_SERVER_KEY: 'SB-Mid-server-x', MIDTRANS_CLIENT_KEY: 'SB-Mid-client-x' });
    expect(sandbox.midtrans).toEqual({
      serverKey: 'SB-Mid-server-x',
      clientKey: 'SB-Mid-client-x',
      production: false,
      snapUrl: 'https://app.sandbox.midtrans.com',
      apiUrl: 'https://api.sandbox.midtrans.com',
    });
    expect(gatewayFor(sandbox, noDb).name).toBe('midtrans');
    const live = loadConfig({ ...base, MIDTRANS_SERVER_KEY: 'Mid-server-x', MIDTRANS_PRODUCTION: 'true' });
    expect(live.midtrans).toMatchObject({ production: true, snapUrl: 'https://app.midtrans.com', apiUrl: 'https://api.midtrans.com', clientKey: null });
  });

  it('lets tests point Midtrans at a local server', () => {
    const cfg = loadConfig({ ...base, MIDTRANS_SERVER_KEY: 'k', MIDTRANS_SNAP_URL: 'http://127.0.0.1:9999/', MIDTRANS_API_URL: 'http://127.0.0.1:9998' });
    expect(cfg.midtrans).toMatchObject({ snapUrl: 'http://127.0.0.1:9999', apiUrl: 'http://127.0.0.1:9998' });
  });

  it('refuses to start in production without a Midtrans key (the sandbox would hand out everything for free)', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/MIDTRANS_SERVER_KEY/);
    expect(loadConfig({ ...production, MIDTRANS_SERVER_KEY: 'Mid-server-x' }).midtrans?.serverKey).toBe('Mid-server-x');
  });

  it('reads the expiry sweep interval (0 turns it off) and rejects a bad boolean', () => {
    expect(loadConfig({ ...base, PAYMENT_EXPIRY_SWEEP_SECONDS: '0' }).paymentExpirySweepSeconds).toBe(0);
    expect(() => loadConfig({ ...base, MIDTRANS_PRODUCTION: 'ya' })).toThrow(/MIDTRANS_PRODUCTION/);
  });
});
