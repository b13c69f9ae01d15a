import { addressKey } from './registration-throttle';

describe('the key a client address counts under', () => {
  it('is an IPv4 address whole, an IPv4-mapped IPv6 address as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
  it('is the /64 network of an IPv6 address, however it is written', () => {
    expect(addressKey('2001:db8:1:2::10')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::10')).not.toBe(addressKey('2001:db8:1:2::10'));
  });
  it('is the text itself when it is no address', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
