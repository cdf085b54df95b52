import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['127.0.0.1', '127.0.0.1'],
    // IPv6: the /64 the address is in
    ['2001:db8:1234:5678:9abc:def0:1234:5678', '2001:db8:1234:5678::'],
    ['2001:db8:1234:5678::1', '2001:db8:1234:5678::'],
    ['2001:DB8:1234:5678:ffff:ffff:ffff:ffff', '2001:db8:1234:5678::'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::'],
    ['::1', '::'],
    // IPv4-mapped IPv6 is the IPv4 client it maps
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
  ])('%s → %s', (address, key) => expect(clientAddressKey(address)).toBe(key));

  it('puts addresses of one /64 together and keeps neighbouring /64s apart', () => {
    expect(clientAddressKey('2001:db8:aa:1::10')).toBe(clientAddressKey('2001:db8:aa:1:ffff::99'));
    expect(clientAddressKey('2001:db8:aa:1::10')).not.toBe(clientAddressKey('2001:db8:aa:2::10'));
  });

  it('keeps what is not an address as it is', () => {
    expect(clientAddressKey('tidak-ada')).toBe('tidak-ada');
    expect(clientAddressKey('')).toBe('');
  });
});
