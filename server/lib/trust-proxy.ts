import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the peer at `address`, `hop` hops from this server, is a proxy whose X-Forwarded-* headers count. */
export type Trust = (address: string, hop: number) => boolean;

/**
 * The TRUST_PROXY setting as the function Fastify is given, so that a request answered before
 * Fastify (the response cache's hits) reads the forwarded headers by the same rule: true trusts
 * every peer; addresses or CIDRs trust those; a hop count trusts none, as Fastify does (the count
 * cannot tell the peer is a proxy, so a direct client could forge the headers).
 */
export function trustOf(setting: boolean | number | string): Trust | false {
  if (setting === false) return false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return () => false;
  return proxyAddr.compile(setting.split(',').map((a) => a.trim()));
}

/** The last value of an X-Forwarded-* header sent by a trusted proxy, as Fastify reads it. */
export function forwarded(req: IncomingMessage, trust: Trust | false, header: string): string | undefined {
  const value = req.headers[header];
  if (!trust || typeof value !== 'string' || !req.socket?.remoteAddress) return undefined;
  if (!trust(req.socket.remoteAddress, 0)) return undefined;
  const last = value.lastIndexOf(',');
  return last === -1 ? value.trim() : value.slice(last + 1).trim();
}

/** The client's address, as Fastify's `request.ip`. */
export function clientAddress(req: IncomingMessage, trust: Trust | false): string | undefined {
  if (!trust) return req.socket?.remoteAddress;
  const all = proxyAddr.all(req, trust);
  return all[all.length - 1];
}
