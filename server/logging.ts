/**
 * The server's log. One pino logger serves Fastify and the rest of the server
 * (start-up, lists, mail, monitoring), so LOG_LEVEL governs every line.
 *
 * Quiet by default: a request that goes well writes nothing at the default
 * level ("info"); each request is one line at "debug". Client errors (4xx) are
 * the caller's business and are logged at "debug" without a stack trace;
 * server errors (5xx) are logged at "error" with one.
 *
 * Readable by default: LOG_FORMAT=pretty (the default) writes one plain line per
 * entry through pino-pretty, coloured when the output is a terminal;
 * LOG_FORMAT=json writes pino's JSON lines for a log collector.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';
import type { Logger } from './deps';

export type LogFormat = 'pretty' | 'json';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The address without its query string: reset and set-up tokens travel in queries and stay out of the log. */
const pathOf = (url: string) => url.split('?')[0];

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, destination?: DestinationStream): PinoLogger {
  const level = (LOG_LEVELS as readonly string[]).includes(config.logLevel) ? config.logLevel : 'info';
  if (level === 'silent') return pino({ level });
  if (config.logFormat === 'json') return pino({ level }, destination ?? pino.destination({ sync: true }));
  const stream = pretty({
    colorize: destination ? false : Boolean(process.stdout.isTTY),
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });
  return pino({ level }, stream);
}

/** The Logger interface the rest of the server uses, writing to the same pino logger. */
export function serverLogger(logger: PinoLogger): Logger {
  return {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    error: (message) => logger.error(message),
  };
}

/** Fastify's own request lines, moved down to debug; 4xx without stack traces. */
export class QuietLogController extends LogController {
  override incomingRequest() {
    // The completed line below says everything worth saying about a request.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ err: error, method: request.method, url: pathOf(request.url), statusCode: reply.statusCode }, 'request failed while answering');
      return;
    }
    reply.log.debug(`${request.method} ${pathOf(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode >= 500) reply.log.error({ err: error, method: request.method, url: pathOf(request.url) }, error?.message);
    else reply.log.debug(`${request.method} ${pathOf(request.url)} ${reply.statusCode}: ${error?.message}`);
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug(`${request.method} ${pathOf(request.url)}: no such route`);
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
    // A browser that cancels a download closes the stream early; that is not the server's fault.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.debug(`${request.method} ${pathOf(request.url)}: closed by the client`);
    else reply.log.warn({ err: error, url: pathOf(request.url) }, 'response ended with an error after its headers were sent');
  }
}
