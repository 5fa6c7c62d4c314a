import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, run, sleep } from './proc.js';

const NGINX = '/usr/sbin/nginx';

/** Debian's nginx-light, installed with apt-get when missing (the harness runs as root). */
export async function ensureNginx(): Promise<void> {
  try {
    await fs.access(NGINX);
  } catch {
    console.log('installing nginx-light ...');
    await run('apt-get', ['update', '-q']);
    await run('apt-get', ['install', '-y', '-q', 'nginx-light'], { DEBIAN_FRONTEND: 'noninteractive' });
  }
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx on a free port with a temporary config: `files` (URL path -> gzip bytes) are served as they
 * are, with Content-Encoding gzip; `upstreams` (when given) receive every other request.
 */
export async function startNginx(options: {
  files?: Map<string, Buffer>;
  upstreams?: string[];
}): Promise<Nginx> {
  await ensureNginx();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-nginx-'));
  const www = path.join(dir, 'www');
  await fs.mkdir(www);
  const port = await freePort();
  for (const [name, body] of options.files ?? []) await fs.writeFile(path.join(www, name), body);
  const upstream = options.upstreams?.length
    ? `upstream portal { ${options.upstreams.map((u) => `server ${u.replace(/^https?:\/\//, '')};`).join(' ')} keepalive 64; }`
    : '';
  const proxy = options.upstreams?.length
    ? `location / { proxy_pass http://portal; proxy_http_version 1.1; proxy_set_header Connection "";
         proxy_set_header Host $host; proxy_set_header X-Forwarded-For $remote_addr;
         add_header X-Upstream $upstream_addr always; }`
    : `location / { root ${www}; default_type application/json; add_header Content-Encoding gzip; add_header Cache-Control "public, max-age=60"; }`;
  const conf = `user root; daemon off; worker_processes 2; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  ${upstream}
  server { listen 127.0.0.1:${port}; ${proxy} } }
`;
  await fs.writeFile(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url);
      break;
    } catch {
      await sleep(25);
    }
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = async () => {
          await fs.rm(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return void done();
        child.once('exit', () => void done());
        child.kill('SIGQUIT');
      }),
  };
}
