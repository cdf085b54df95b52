import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * What every per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one
 * home or phone gets a whole /64, so counting single IPv6 addresses would give each client 2^64
 * allowances), and an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) as its IPv4 address.
 * Anything else is kept as it is.
 */
export const IPV6_PREFIX = 64;

export function clientAddressKey(address: string): string {
  try {
    return normalizeIP(address, IPV6_PREFIX);
  } catch {
    return address;
  }
}

/** The @fastify/rate-limit key of a request (its address as resolved under TRUST_PROXY). */
export const rateLimitKey = (request: FastifyRequest) => clientAddressKey(request.ip);
