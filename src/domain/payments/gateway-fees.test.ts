import { describe, expect, it } from 'vitest';
import { gatewayFee, gatewayFeeGroup } from './gateway-fees';

describe('gateway fee table', () => {
  it('charges each method its documented rate in whole rupiah', () => {
    expect(gatewayFee('va', 260_000)).toBe(4_000);
    expect(gatewayFee('qris', 260_000)).toBe(1_820);
    expect(gatewayFee('gopay', 260_000)).toBe(5_200);
    expect(gatewayFee('card', 260_000)).toBe(9_540);
    expect(gatewayFee('qris', 160_050)).toBe(1_120); // 1 120,35 rounds to 1 120
    expect(gatewayFee('other', 1)).toBe(4_000);
  });

  it('reads the method from the gateway first, then from the option the runner chose', () => {
    expect(gatewayFeeGroup('qris', 'bni_va')).toBe('qris');
    expect(gatewayFeeGroup('bank_transfer', null)).toBe('va');
    expect(gatewayFeeGroup('credit_card', null)).toBe('card');
    expect(gatewayFeeGroup(null, 'gopay')).toBe('gopay');
    expect(gatewayFeeGroup(null, 'other_qris')).toBe('qris');
    expect(gatewayFeeGroup(null, 'echannel')).toBe('va');
    expect(gatewayFeeGroup('shopeepay', 'bogus')).toBe('other');
    expect(gatewayFeeGroup(null, null)).toBe('other');
  });
});
