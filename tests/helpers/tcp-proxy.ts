import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { seededDatabase } from './app.js';

export type ProxyMode = 'forward' | 'blackhole' | 'down';

export interface TcpProxy {
  /** `postgres://…` of the target with the proxy's host and port. */
  url: string;
  port: number;
  /**
   * `forward`: pass everything through. `blackhole`: a frozen server or a network that swallows
   * everything: connections are accepted and nothing is ever answered. `down`: a stopped server:
   * open connections are cut and new ones refused.
   */
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a database server, that a test can freeze, stop and restore without
 * touching the server itself. Connections from a black-hole or down period are cut when it
 * forwards again (the portal must open new ones).
 */
export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || 5432);
  let mode: ProxyMode = 'forward';
  const live = new Set<net.Socket>();
  const stale = new Set<net.Socket>();

  const onConnection = (client: net.Socket) => {
    live.add(client);
    client.on('close', () => {
      live.delete(client);
      stale.delete(client);
    });
    client.on('error', () => {});
    if (mode !== 'forward') {
      // Accepted, never answered: what a frozen server looks like from outside.
      stale.add(client);
      client.resume();
      return;
    }
    const upstream = net.connect(targetPort, target.hostname);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk) => {
      if (mode === 'forward' && !stale.has(client)) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'forward' && !stale.has(client)) client.write(chunk);
    });
  };

  let server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer(onConnection);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    url: url.toString(),
    port,
    async set(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'blackhole') {
        for (const socket of live) stale.add(socket);
      } else if (next === 'down') {
        for (const socket of live) socket.destroy();
        if (previous !== 'down') await stopListening();
      } else {
        for (const socket of stale) socket.destroy();
        if (previous === 'down') await listen();
      }
    },
    async close() {
      for (const socket of live) socket.destroy();
      if (mode !== 'down') await stopListening();
    },
  };
}

export interface DatabaseBehindProxy {
  proxy: TcpProxy;
  /** A throwaway DATA_DIR for a portal on it. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database (TEST_DATABASE_URL) with the demo content, reached through a proxy
 * the test controls, and a data folder for a portal that uses it.
 */
export async function seededDatabaseBehindProxy(): Promise<DatabaseBehindProxy> {
  const fresh = await seededDatabase('postgres');
  const proxy = await startTcpProxy(fresh.url as string);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-outage-'));
  return {
    proxy,
    dataDir,
    async close() {
      await proxy.close();
      await fresh.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
