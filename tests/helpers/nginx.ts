import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository's nginx configuration for several portal servers. */
export const portalConf = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../deploy/nginx/portal.conf',
);

/** Debian's nginx, or null when it is not installed (`apt-get install -y nginx`). */
export function nginxBinary(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'])
    if (fs.existsSync(p)) return p;
  return null;
}

/** A self-signed certificate for 127.0.0.1, made now in `dir` (never stored in the repository). */
export function testCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/**
 * deploy/nginx/portal.conf with only what a machine fills in changed: the certificate, the
 * upstream's servers, the ports (on 127.0.0.1, no IPv6), and the pid and log files in `dir`.
 */
export function adaptedConf(options: {
  dir: string;
  cert: string;
  key: string;
  upstreams: string[];
  httpPort: number;
  tlsPort: number;
}): string {
  const conf = fs.readFileSync(portalConf, 'utf8');
  const servers = /^(\s*)server 10\.0\.0\.11:3000( [^;]*);\n\s*server 10\.0\.0\.12:3000[^;]*;\n/m;
  const match = servers.exec(conf);
  if (!match)
    throw new Error('deploy/nginx/portal.conf: the upstream servers are not where the test expects them');
  const [, indent, params] = match;
  const adapted = conf
    .replace(servers, options.upstreams.map((u) => `${indent}server ${u}${params};\n`).join(''))
    .replace('ssl_certificate /etc/ssl/portal/fullchain.pem;', `ssl_certificate ${options.cert};`)
    .replace('ssl_certificate_key /etc/ssl/portal/privkey.pem;', `ssl_certificate_key ${options.key};`)
    .replace(/^\s*listen \[::\].*\n/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${options.httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${options.tlsPort} ssl http2;`)
    .replace('/run/nginx.pid', path.join(options.dir, 'nginx.pid'))
    .replaceAll('/var/log/nginx/', `${options.dir}/`);
  const file = path.join(options.dir, 'portal.conf');
  fs.writeFileSync(file, adapted);
  return file;
}
