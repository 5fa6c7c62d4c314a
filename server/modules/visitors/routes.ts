import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  ConfirmSubscriptionBody,
  ErrorBody,
  FeedbackBody,
  FeedbackCreated,
  OneClickUnsubscribeBody,
  OneClickUnsubscribed,
  SubscribeBody,
  Subscribed,
  SubscriptionConfirmed,
  UnsubscribeBody,
  Unsubscribed,
  UnsubscribeLinkQuery,
} from '../../../common/api.js';
import { HttpError } from '../../lib/errors.js';
import { maskEmail, maskPhone } from '../../lib/mask.js';
import {
  confirmSubscription,
  forgetUnconfirmed,
  storeFeedback,
  subscribe,
  unsubscribe,
} from './repository.js';

/** Bodies of the visitor forms are small: anything bigger is refused with 413. */
export const visitorBodyLimit = 16 * 1024;

const emailSyntax = /^[^\s@<>()[\],;:"\\]{1,64}@[^\s@<>()[\],;:"\\_]+\.[^\s@<>()[\],;:"\\_\d]{2,}$/u;

/** A plausible mail address: local@domain.tld, no spaces, quotes or brackets, at most 254 characters. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && emailSyntax.test(value) && !value.includes('..');
}

/** Control characters (NUL would even break PostgreSQL) are dropped; line breaks stay in messages. */
const clean = (s: string | undefined) => (s ?? '').replace(/\p{Cc}/gu, '').trim();
const cleanText = (s: string) => s.replace(/[^\P{Cc}\n\r\t]/gu, '');

async function jsonOnly(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'];
  if (!type || !/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'the body must be JSON (Content-Type: application/json)');
  }
}

const errors = {
  400: ErrorBody,
  403: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  429: ErrorBody,
};

export const visitorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['visitors'];
  const common = { bodyLimit: visitorBodyLimit, onRequest: jsonOnly };

  app.post(
    '/auth/feedback/',
    {
      ...common,
      config: { rateLimit: { max: app.config.feedbackRateLimit, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Send a message to the portal (stored, and mailed to FEEDBACK_TO when set)',
        description:
          'Needs the XSRF pair (cookie XSRF-TOKEN, header X-XSRF-TOKEN). Answers 201 once the message is ' +
          'committed. `page` defaults to the Referer; `website` must stay empty.',
        body: FeedbackBody,
        response: { 201: FeedbackCreated, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.website) {
        request.log.info('feedback honeypot filled: dropped');
        return reply.status(201).send({ id: 0 });
      }
      const message = cleanText(body.message);
      if (!message.trim()) throw new HttpError(400, 'body message is required');
      const email = clean(body.email);
      if (email && !isEmail(email)) throw new HttpError(400, 'body email is not a valid email address');
      const page = clean(body.page || request.headers.referer).slice(0, 2000) || null;
      const phone = clean(body.phone);
      const id = await storeFeedback(app.db, app.mail, app.config.feedbackTo, {
        name: clean(body.name),
        phone,
        email,
        message,
        lang: request.lang,
        page,
      });
      if (app.config.feedbackTo) app.mail.kick();
      request.log.info({ feedback: id, email: maskEmail(email), phone: maskPhone(phone) }, 'feedback stored');
      return reply.status(201).send({ id });
    },
  );

  app.post(
    '/auth/subscribe/',
    {
      ...common,
      config: { rateLimit: { max: app.config.subscribeRateLimit, timeWindow: 3_600_000 } },
      schema: {
        tags,
        summary: 'Subscribe an address to the newsletter (twice is not an error), pending its confirmation',
        description:
          'Needs the XSRF pair. The address receives a mail with the confirmation link ' +
          '`PUBLIC_URL/subscribe/confirm?token=...` (double opt-in) and the unsubscribe link ' +
          '`PUBLIC_URL/unsubscribe?token=...`; an address not confirmed within 7 days is forgotten.',
        body: SubscribeBody,
        response: { 201: Subscribed, ...errors },
      },
    },
    async (request, reply) => {
      const email = clean(request.body.email);
      if (!email) throw new HttpError(400, 'body email is required');
      if (!isEmail(email)) throw new HttpError(400, 'body email is not a valid email address');
      if (request.body.website) {
        request.log.info('subscription honeypot filled: dropped');
        return reply.status(201).send({ email });
      }
      if (!app.config.subscriptionEnabled) throw new HttpError(403, 'the newsletter subscription is closed');
      const outcome = await subscribe(app.db, app.mail, app.config.publicUrl, email, request.lang);
      if (outcome !== 'already') app.mail.kick();
      request.log.info({ email: maskEmail(email), outcome }, 'newsletter subscription');
      return reply.status(201).send({ email });
    },
  );

  app.post(
    '/auth/subscribe/confirm/',
    {
      ...common,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          'Confirm the address a confirmation link (token) belongs to: the newsletter goes to it from now on',
        description:
          '404 for an unknown token (never sent, unsubscribed, or forgotten after 7 days unconfirmed).',
        body: ConfirmSubscriptionBody,
        response: { 200: SubscriptionConfirmed, 404: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const token = clean(request.body.token);
      if (!token) throw new HttpError(400, 'body token is required');
      const outcome = await confirmSubscription(app.db, token);
      if (outcome.status === 'unknown') {
        throw new HttpError(
          404,
          'unknown confirmation link: it was never sent, or the address was unsubscribed or forgotten',
        );
      }
      const email = maskEmail(outcome.email);
      request.log.info({ email, outcome: outcome.status }, 'newsletter confirmation');
      return { status: outcome.status, email };
    },
  );

  // Unconfirmed addresses are forgotten after their days: looked for at the start and every hour.
  const forget = () =>
    forgetUnconfirmed(app.db).then(
      (n) => n && logForgotten(app, n),
      () => {},
    );
  const hourly = setInterval(forget, 3_600_000);
  hourly.unref();
  app.addHook('onReady', async () => {
    void forget();
  });
  app.addHook('onClose', async () => clearInterval(hourly));

  app.post(
    '/auth/unsubscribe/',
    {
      ...common,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Unsubscribe the address an unsubscribe link (token) belongs to',
        description: '404 for an unknown token, 410 for a link that was already used.',
        body: UnsubscribeBody,
        response: { 200: Unsubscribed, 404: ErrorBody, 410: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const token = clean(request.body.token);
      if (!token) throw new HttpError(400, 'body token is required');
      const outcome = await unsubscribe(app.db, token);
      if (outcome.status === 'unknown') throw new HttpError(404, 'unknown unsubscribe link');
      if (outcome.status !== 'unsubscribed') {
        return reply.status(410).send({
          statusCode: 410,
          error: 'Gone',
          message: 'this unsubscribe link has already been used: the address is unsubscribed',
        });
      }
      const email = maskEmail(outcome.email);
      request.log.info({ email }, 'newsletter unsubscription');
      return { status: 'unsubscribed' as const, email };
    },
  );
};

const logForgotten = (app: { log: { info(msg: string): void } }, n: number) =>
  app.log.info(`forgot ${n} newsletter address(es) left unconfirmed`);

/** The media types of a one-click unsubscription (RFC 8058 prefers multipart, mail clients send either). */
const formTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];

async function formOnly(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!formTypes.includes(type)) {
    throw new HttpError(
      415,
      'the body must be application/x-www-form-urlencoded or multipart/form-data: List-Unsubscribe=One-Click',
    );
  }
}

/**
 * The unsubscribe link of the welcome mail, `/unsubscribe?token=...`. Opened (GET) it is the page
 * that asks before it unsubscribes; a POST of `List-Unsubscribe=One-Click` to it is a mail client's
 * one-click unsubscription (RFC 8058). That POST comes without cookies, so without the XSRF pair:
 * the token in the link is the secret, as it is for the page.
 */
export const unsubscribeLinkRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  // Form bodies, read here only: the API's own writes take JSON.
  app.addContentTypeParser(
    formTypes,
    { parseAs: 'string' },
    async (request: FastifyRequest, body: string) => {
      let form: FormData;
      try {
        form = await new Response(body, {
          headers: { 'content-type': String(request.headers['content-type']) },
        }).formData();
      } catch {
        throw new HttpError(400, 'the body is not valid form data');
      }
      const fields: Record<string, string> = {};
      for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
      return fields;
    },
  );

  app.post(
    '/unsubscribe',
    {
      bodyLimit: visitorBodyLimit,
      onRequest: formOnly,
      // Mail providers send one-click POSTs for many subscribers from few addresses.
      config: { xsrf: false, rateLimit: { max: 300, timeWindow: 60_000 } },
      schema: {
        tags: ['visitors'],
        summary: 'One-click unsubscription (RFC 8058) at the unsubscribe link of the welcome mail',
        description:
          'The welcome mail carries `List-Unsubscribe: <PUBLIC_URL/unsubscribe?token=...>` and ' +
          '`List-Unsubscribe-Post: List-Unsubscribe=One-Click`: a mail client unsubscribes by POSTing that ' +
          'key/value pair to the link, as a form, without cookies (no XSRF pair). A GET of the link is the ' +
          'page that asks first and changes nothing. 200 again for an address already unsubscribed; 404 ' +
          'for an unknown link.',
        querystring: UnsubscribeLinkQuery,
        consumes: formTypes,
        body: OneClickUnsubscribeBody,
        response: {
          200: OneClickUnsubscribed,
          404: ErrorBody,
          415: Type.Object(ErrorBody.properties, {
            description:
              'Unsupported Media Type: the body must be application/x-www-form-urlencoded or multipart/form-data',
          }),
        },
      },
    },
    async (request) => {
      const token = clean(request.query.token);
      if (!token) throw new HttpError(400, 'query token is required: open the whole link from the mail');
      const outcome = await unsubscribe(app.db, token);
      if (outcome.status === 'unknown') throw new HttpError(404, 'unknown unsubscribe link');
      const email = maskEmail(outcome.email);
      if (outcome.status === 'used') return { status: 'already-unsubscribed' as const, email };
      request.log.info({ email, oneClick: true }, 'newsletter unsubscription');
      return { status: 'unsubscribed' as const, email };
    },
  );
};
