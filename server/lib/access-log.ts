import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { maskUrl } from './mask.js';

/** Log levels at which the access log writes nothing (but errors). */
export const quietLevels = new Set(['warn', 'error', 'fatal', 'silent']);

/** The fields of one access-log line (written with the message 'request'). */
export function accessLine(method: string, url: string, status: number, ms: number, ip: string | undefined) {
  return { method, url: maskUrl(url), status, ms: Math.round(ms * 10) / 10, ip };
}

/** One access-log line per answer, when it is complete, instead of Fastify's two (incoming, completed). */
export class AccessLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && quietLevels.has(request.log.level)) return;
    const line = accessLine(request.method, request.url, reply.statusCode, reply.elapsedTime, request.ip);
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}
