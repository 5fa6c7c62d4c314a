import proxyAddr from '@fastify/proxy-addr';

/** Whether the peer at `address`, `hop` hops from this server, is a proxy whose X-Forwarded-* headers count. */
export type Trust = (address: string, hop: number) => boolean;

/**
 * The TRUST_PROXY setting as the function Fastify is given (`trustProxy`): true trusts every peer;
 * addresses or CIDRs trust those; a hop count trusts none (the count cannot tell the peer is a
 * proxy, so a direct client could forge the headers).
 */
export function trustOf(setting: boolean | number | string): Trust | false {
  if (setting === false) return false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return () => false;
  return proxyAddr.compile(setting.split(',').map((a) => a.trim()));
}
