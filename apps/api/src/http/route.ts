import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INVALID_TOKEN } from '@santap/contract';
import type { Endpoint, EndpointData, EndpointParsed } from '@santap/contract';
import { MESSAGE, countryFromHost, createCartToken, defaultLanguage, isCartToken } from '@santap/domain';
import { createTranslator, isSupportedLanguage, normaliseLanguage } from '@santap/i18n';
import { resolveStaff, resolveUser } from '../services/flows/accounts/sessions';
import type { AppContext } from '../services/context';
import type { Caller, CallerStaff, CallerUser } from '../lib/caller';
import { CART_COOKIE, SESSION_COOKIE, clearDinerSession, setCartCookie } from '../lib/cookies';
import { sealCartHandover } from '../lib/cart-handover';
import { ApiFailure, fail } from '../lib/errors';
import { countEndpointCall } from '../lib/limits';

export { CART_COOKIE, setCartCookie };
export const LANGUAGE_COOKIE = 'language';

export type Handler<E extends Endpoint> = (
  input: EndpointParsed<E>,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<EndpointData<E> | FastifyReply>;

/**
 * C0 control characters other than tab, line feed and carriage return. None belongs in anything a
 * diner or staff member types, and PostgreSQL refuses NUL in text outright (a 500 before this check).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * The path of the first string (a value or a key) in `value` with a control character, or null. A
 * walk with its own stack: a deeply nested JSON body cannot overflow the call stack.
 */
export function controlCharacterPath(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next.value === 'string') {
      if (CONTROL_CHARACTER.test(next.value)) return next.path;
    } else if (next.value !== null && typeof next.value === 'object') {
      for (const [key, child] of Object.entries(next.value)) {
        const path = next.path ? `${next.path}.${key}` : key;
        if (CONTROL_CHARACTER.test(key)) return path;
        stack.push({ value: child, path });
      }
    }
  }
  return null;
}

/** Refuses control characters in any part of a request, for every call alike (400, the field named). */
function refuseControlCharacters(parts: Record<string, unknown>) {
  for (const [part, value] of Object.entries(parts)) {
    const path = controlCharacterPath(value);
    if (path !== null) {
      throw new ApiFailure(MESSAGE.invalidInput, 400, {}, [
        { part, path, message: 'Control characters (such as NUL) are not allowed' },
      ]);
    }
  }
}

// Contract schemas are zod/mini or classic zod (both core schemas): validate with the function, which
// takes either (classic's, so issue messages come with its English locale).
function parsePart(schema: z.core.$ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const result = z.safeParse(schema, value ?? {});
  if (!result.success) {
    throw new ApiFailure(
      MESSAGE.invalidInput,
      400,
      {},
      result.error.issues.map((issue) => ({ part, path: issue.path.join('.'), message: issue.message })),
    );
  }
  return result.data;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const legacy = request.headers['auth-token'];
  return typeof legacy === 'string' && legacy ? legacy : undefined;
}

/** Language and country of a request: accept-language / language cookie; country-code header / host. */
export function localeOf(request: FastifyRequest, ctx: AppContext) {
  const cookieLanguage = request.cookies?.[LANGUAGE_COOKIE];
  const lang = normaliseLanguage(cookieLanguage ?? request.headers['accept-language'] ?? '', 'en');
  const header = String(request.headers['country-code'] ?? '').toUpperCase();
  const country =
    header === 'MY' || header === 'ID'
      ? header
      : countryFromHost(request.hostname, ctx.config.defaultCountry);
  return { lang, country, t: createTranslator(lang) } as const;
}

/**
 * The language and country the app of a page will start in, as `startLanguage` and `browserCountry`
 * of @santap/ui choose them: `?language=`, else the language cookie, else the browser's languages,
 * else the country's (Indonesian in Indonesia, English elsewhere); the country from the host.
 */
export function pageLocale(ctx: AppContext, request: FastifyRequest) {
  const country = countryFromHost(request.hostname, ctx.config.defaultCountry);
  const asked = new URL(request.url, 'http://page').searchParams.get('language') ?? '';
  const language = isSupportedLanguage(asked)
    ? asked
    : normaliseLanguage(
        request.cookies?.[LANGUAGE_COOKIE] ?? request.headers['accept-language'] ?? '',
        defaultLanguage(country),
      );
  return { language, country };
}

/**
 * The cart token a request presents (the `cart-token` header, else the cookie), when well formed. For
 * calls that are not cart calls but act on the browser's guest past (verify_otp: guest-merge.ts).
 */
export function presentedCartToken(request: FastifyRequest): string | undefined {
  const presented = rawCartToken(request);
  return presented !== undefined && isCartToken(presented) ? presented : undefined;
}

/** The reply header of a browser's cart calls that carries its cart handover (lib/cart-handover.ts). */
export const CART_HANDOVER_HEADER = 'cart-handover';

/** This server's handover of `cartToken` (sealed with `TABLE_TICKET_SECRET`'s key, an hour from now). */
export function cartHandoverOf(ctx: AppContext, cartToken: string): string {
  return sealCartHandover(ctx.config.tableTicketSecret, cartToken, ctx.now());
}

function rawCartToken(request: FastifyRequest): string | undefined {
  return (request.headers['cart-token'] as string | undefined) ?? request.cookies?.[CART_COOKIE];
}

/** Staff found by {@link requireStaffBeforeBody}, so the call does not look them up twice. */
const checkedStaff = new WeakMap<FastifyRequest, CallerStaff>();

/**
 * Refuses (401 'invalid token') a staff call without a live staff token before its body is read: an
 * `onRequest` hook for calls with large bodies (the photo uploads, routes/images.ts), so nobody without
 * a login can make the server take in 10 MB. The staff found go on to the call.
 */
export async function requireStaffBeforeBody(ctx: AppContext, request: FastifyRequest) {
  const token = bearer(request);
  const found = token ? await resolveStaff(ctx, token) : null;
  if (!found) throw new ApiFailure(MESSAGE.invalidToken, 401);
  checkedStaff.set(request, found);
}

async function resolveCaller(
  endpoint: Endpoint,
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
) {
  const { lang, country, t } = localeOf(request, ctx);
  // A browser's diner session is its HttpOnly cookie; programs send the token as a header. Staff
  // calls take the header only: a diner's cookie never acts on the staff side (nor a kiosk's).
  const headerToken = bearer(request);
  const cookieToken =
    headerToken === undefined && endpoint.access !== 'staff' ? request.cookies?.[SESSION_COOKIE] : undefined;
  const token = headerToken ?? cookieToken;
  let user: CallerUser | null = null;
  let staffMember: CallerStaff | null = null;
  if (endpoint.access === 'staff') {
    staffMember = checkedStaff.get(request) ?? (token ? await resolveStaff(ctx, token) : null);
    if (!staffMember) throw new ApiFailure(MESSAGE.invalidToken, 401);
  } else if (token) {
    user = await resolveUser(ctx, token);
    // A session cookie the server no longer knows (expired, signed out elsewhere) is dropped, so the
    // app's "logged in" marker goes with it; calls open to guests go on as a guest's.
    if (!user && cookieToken) clearDinerSession(reply);
    else if (!user && endpoint.access !== 'none') throw new ApiFailure(MESSAGE.invalidToken, 401);
  }
  if (endpoint.access === 'user' && !user) throw new ApiFailure(MESSAGE.invalidToken, 401);

  let cartToken: string | undefined;
  if (endpoint.access === 'cart') {
    const header = request.headers['cart-token'] as string | undefined;
    const presented = rawCartToken(request);
    if (presented !== undefined && !isCartToken(presented)) fail(MESSAGE.invalidInput);
    cartToken = presented ?? createCartToken();
    if (!presented) setCartCookie(reply, cartToken);
    // The token stays in its HttpOnly cookie, never in a reply a page script reads; a browser's page
    // gets a sealed handover instead, for the login redirect (spec §2; lib/cart-handover.ts).
    if (header === undefined) void reply.header(CART_HANDOVER_HEADER, cartHandoverOf(ctx, cartToken));
  }
  const idempotencyKey = request.headers['idempotency-key'];
  if (typeof idempotencyKey === 'string' && (idempotencyKey.length === 0 || idempotencyKey.length > 100)) {
    fail(MESSAGE.invalidInput);
  }
  const caller: Caller = {
    lang,
    country,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    cartToken,
    user,
    staff: staffMember,
    idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    t: (key, values) => t(key as Parameters<typeof t>[0], values),
  };
  return caller;
}

/**
 * Registers one contract endpoint: refuses control characters (NUL…) in params, query and body, then
 * validates them with its zod schemas (400 with a clear message on bad input), resolves the caller, runs the handler and wraps the result in the
 * `{ status: 1, statusCode, message, data }` envelope.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: Handler<E>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      // A raw upload (routes/images.ts) is bytes, not text: nothing to look for in it.
      const body = Buffer.isBuffer(request.body) ? undefined : request.body;
      refuseControlCharacters({ params: request.params, query: request.query, body });
      const caller = await resolveCaller(endpoint, request, reply, ctx);
      await countEndpointCall(ctx.limits, endpoint.id, request, caller);
      const input = {
        params: parsePart(endpoint.params, request.params, 'params'),
        query: parsePart(endpoint.query, request.query, 'query'),
        body: parsePart(endpoint.body, request.body, 'body'),
      } as EndpointParsed<E>;
      const data = await handler(input, caller, request, reply);
      // A handler that answered itself (a cached, pre-serialized reply) is done.
      if (reply.sent) return reply;
      return { status: 1, statusCode: 200, message: 'ok', data };
    },
  });
}

export { INVALID_TOKEN };
