/*
 * Rate limits on the calls an attacker would repeat: sign-in, token refresh and sign-out, sign-up,
 * the phone code, password reset and creation, and every call that sends a link or a code. Each
 * call is counted per client address (in onRequest, before the body is read) and, where the body
 * names an account (an e-mail, a phone or a user), per account and call (in preHandler, after the
 * body is validated and before the handler hashes or sends anything). Past a limit the answer is
 * 429 with Retry-After. @fastify/rate-limit keeps the counts: in memory, or in Redis when
 * REDIS_URL is set so every instance counts the same requests.
 *
 * Sign-in is the one call where an account limit could lock a real user out, so a sign-in from an
 * address the account has signed in from before is exempt from it (see known-addresses.ts), and
 * every sign-in waits for a turn at the sign-in gate (see sign-in-gate.ts).
 */
import { availableParallelism } from 'node:os';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { memoryKnownAddresses, redisKnownAddresses } from '../auth/known-addresses';
import type { KnownAddresses } from '../auth/known-addresses';
import { createSignInGate } from '../auth/sign-in-gate';
import type { SignInGate } from '../auth/sign-in-gate';
import { ApiError, ProblemDetailsRef } from '../errors';

export interface Limit {
  /** Requests the window allows; the next one is answered 429. */
  max: number;
  windowMs: number;
}

export interface AuthLimits {
  /** Calls to one limited route from one address. @default 100 in 15 minutes */
  perAddress: Limit;
  /** Calls to one limited route naming one account (e-mail, phone or user). @default 10 in 15 minutes */
  perAccount: Limit;
  /** Token refreshes and sign-outs from one address (every open tab refreshes). @default 600 in 15 minutes */
  refreshPerAddress: Limit;
  /** Password checks at once; more sign-ins wait in line. @default the machine's cores */
  signInConcurrency: number;
  /** Sign-ins that may wait in each line (known addresses, others); one more is answered 429. @default 100 */
  signInQueue: number;
  /** How long a successful sign-in's address stays known to its account. @default 30 days */
  knownAddressMs: number;
  /**
   * Wrong second-factor codes (authenticator, recovery, step-up) for one account, from any address;
   * past it that account's code attempts answer 429 until the window ends. @default 5 in the window of perAccount
   */
  wrongCodesPerAccount?: Limit;
}

/**
 * Wrong second-factor codes per account. Only failures count, and only code attempts are refused,
 * so an attacker who knows the password can hold the account's codes back for a window at most:
 * never the password step, never for good.
 */
export interface CodeAttempts {
  /** Seconds until the account may try a code again; 0 when it may now. */
  waitSeconds(account: string): Promise<number>;
  /** Counts a wrong code. */
  failed(account: string): Promise<void>;
}

function memoryCodeAttempts(limit: Limit): CodeAttempts {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const current = (account: string) => {
    const entry = counts.get(account);
    if (entry !== undefined && entry.resetAt <= Date.now()) counts.delete(account);
    return counts.get(account);
  };
  return {
    waitSeconds(account) {
      const entry = current(account);
      const wait = entry && entry.count >= limit.max ? Math.ceil((entry.resetAt - Date.now()) / 1000) : 0;
      return Promise.resolve(Math.max(0, wait));
    },
    failed(account) {
      const entry = current(account);
      // Accounts past their window are forgotten above; a flood of accounts clears the map.
      if (entry === undefined && counts.size >= 100_000) counts.clear();
      if (entry) entry.count += 1;
      else counts.set(account, { count: 1, resetAt: Date.now() + limit.windowMs });
      return Promise.resolve();
    },
  };
}

function redisCodeAttempts(redis: Redis, limit: Limit): CodeAttempts {
  const key = (account: string) => `sentinel-wrong-codes:${account}`;
  return {
    async waitSeconds(account) {
      const [count, ttl] = await Promise.all([redis.get(key(account)), redis.pttl(key(account))]);
      return Number(count ?? 0) >= limit.max && ttl > 0 ? Math.ceil(ttl / 1000) : 0;
    },
    async failed(account) {
      const count = await redis.incr(key(account));
      if (count === 1) await redis.pexpire(key(account), limit.windowMs);
    },
  };
}

const MINUTES_15 = 15 * 60_000;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  perAddress: { max: 100, windowMs: MINUTES_15 },
  perAccount: { max: 10, windowMs: MINUTES_15 },
  refreshPerAddress: { max: 600, windowMs: MINUTES_15 },
  signInConcurrency: availableParallelism(),
  signInQueue: 100,
  knownAddressMs: 30 * 24 * 3_600_000,
};

/** Limits high enough never to be reached, for test set-ups that sign in many times from one address. */
export const LIFTED_AUTH_LIMITS: Partial<AuthLimits> = {
  perAddress: { max: 1_000_000, windowMs: 60_000 },
  perAccount: { max: 1_000_000, windowMs: 60_000 },
  refreshPerAddress: { max: 1_000_000, windowMs: 60_000 },
};

export interface AuthLimitsPluginOptions {
  limits?: Partial<AuthLimits> | undefined;
  /** Counts and known addresses in this Redis, shared by every instance. @default memory */
  redisUrl?: string | undefined;
}

type Body = Record<string, unknown>;

/** A body value by name, whatever its case (the api binds keys case-insensitively). */
function field(request: FastifyRequest, name: string): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(body as Body)) {
    if (key.toLowerCase() !== lower) continue;
    if (typeof value === 'string' && value.trim() !== '') return value.trim().toLowerCase();
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

const email = (request: FastifyRequest) => {
  const value = field(request, 'email');
  return value === undefined ? undefined : `email:${value}`;
};

/** The phone as stored: digits only, without the leading 0, under its country code (27 by default). */
const phone = (request: FastifyRequest) => {
  const number = field(request, 'phoneNumber')?.replace(/\D+/g, '').replace(/^0+/, '');
  if (number === undefined || number === '') return undefined;
  const code = field(request, 'phoneCode')?.replace(/\D+/g, '') || '27';
  return `phone:${code}:${number}`;
};

const bodyId = (name: string) => (request: FastifyRequest) => {
  const value = field(request, name);
  return value === undefined ? undefined : `${name}:${value}`;
};

const pathId = (request: FastifyRequest) => {
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.['id'];
  return typeof id === 'string' || typeof id === 'number' ? `id:${String(id)}` : undefined;
};

interface Rule {
  /** Token refreshes and sign-outs count under refreshPerAddress, the rest under perAddress. */
  refresh?: true;
  /** The account the request names, when it names one. */
  account?: (request: FastifyRequest) => string | undefined;
}

const SIGN_IN = 'POST /Auth/SignInByEmail';

/** Every limited route, by method and URL as declared. */
export const LIMITED_ROUTES: Readonly<Record<string, Rule>> = {
  [SIGN_IN]: { account: email },
  'POST /Auth/RefreshTokens': { refresh: true },
  'POST /Auth/Logout': { refresh: true },
  'POST /Auth/SignUp': { account: email },
  'POST /Auth/ConfirmPhone': { account: phone },
  'POST /Auth/ResendPhoneConfirmation': { account: phone },
  'POST /Auth/StartPasswordReset': { account: email },
  'POST /Auth/VerifyPasswordReset': {},
  'POST /Auth/CompletePasswordReset': {},
  'POST /My/CreatePassword': {},
  'POST /My/UpdatePassword': {
    account: (request) => (request.user ? `user:${request.user.userId}` : undefined),
  },
  'POST /Users': { account: email },
  'POST /Users/AccountHolder': { account: email },
  'POST /Users/ResendPasswordCreationLink': { account: bodyId('userId') },
  'POST /Subscriptions': { account: bodyId('vehicleId') },
  'POST /Subscriptions/:id/FirstPaymentRetry': { account: pathId },
  // The sign-in's second step: counted per address here; wrong codes per account (codeAttempts).
  'POST /Auth/SecondFactor/Totp': {},
  'POST /Auth/SecondFactor/RecoveryCode': {},
  'POST /Auth/SecondFactor/Passkey/Options': {},
  'POST /Auth/SecondFactor/Passkey': {},
  'POST /Auth/SecondFactor/Totp/Enrol': {},
  'POST /Auth/SecondFactor/Totp/Confirm': {},
  'POST /Auth/SecondFactor/Passkey/RegistrationOptions': {},
  'POST /Auth/SecondFactor/Passkey/Register': {},
};

function ruleOf(request: FastifyRequest): { name: string; rule: Rule } | undefined {
  const name = `${request.method} ${request.routeOptions.url ?? ''}`;
  const rule = LIMITED_ROUTES[name];
  return rule === undefined ? undefined : { name, rule };
}

/** "30 seconds", "1 minute", "15 minutes": how long to wait, as a person reads it. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function tooManyRequests(seconds: number): ApiError {
  return new ApiError('throttled', undefined, `Too many attempts. Please try again in ${waitText(seconds)}.`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where sign-ins wait for a password check (exposed for the flood benchmark and tests). */
    signInGate: SignInGate;
    /** Wrong second-factor codes per account (see CodeAttempts). */
    codeAttempts: CodeAttempts;
  }
}

const END_TURN = Symbol('sentinel.signInTurn');
type WithTurn = FastifyRequest & { [END_TURN]?: () => void };

export const authLimitsPlugin = fp<AuthLimitsPluginOptions>(
  async (app, options) => {
    const limits: AuthLimits = { ...DEFAULT_AUTH_LIMITS, ...options.limits };
    const redis =
      options.redisUrl === undefined
        ? undefined
        : new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    if (redis) {
      // A Redis that is away fails the counts open (skipOnError) rather than every sign-in.
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limits: Redis unavailable'));
      await redis.connect().catch(() => undefined);
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      skipOnError: true,
      nameSpace: 'sentinel-rate-limit:',
      ...(redis === undefined ? {} : { redis }),
    });
    const known: KnownAddresses =
      redis === undefined
        ? memoryKnownAddresses(limits.knownAddressMs)
        : redisKnownAddresses(redis, limits.knownAddressMs);
    const gate = createSignInGate({ concurrency: limits.signInConcurrency, maxWaiting: limits.signInQueue });
    app.decorate('signInGate', gate);
    const wrongCodes = limits.wrongCodesPerAccount ?? { max: 5, windowMs: limits.perAccount.windowMs };
    app.decorate(
      'codeAttempts',
      redis === undefined ? memoryCodeAttempts(wrongCodes) : redisCodeAttempts(redis, wrongCodes),
    );

    // Every limited route documents its 429, so the OpenAPI document lists what a client meets.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((method) => `${method} ${route.url}` in LIMITED_ROUTES)) return;
      if (route.schema === undefined) return;
      const response = (route.schema.response ?? {}) as Record<string, unknown>;
      response[429] ??= ProblemDetailsRef;
      route.schema.response = response;
    });

    const limiter = (limit: Limit, keyOf: (request: FastifyRequest) => string) =>
      app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: keyOf });
    const byAddress = limiter(
      limits.perAddress,
      (request) => `address:${ruleOf(request)?.name}:${request.ip}`,
    );
    const refreshByAddress = limiter(limits.refreshPerAddress, (request) => `refresh:${request.ip}`);
    const byAccount = limiter(
      limits.perAccount,
      (request) => `account:${ruleOf(request)?.name}:${ruleOf(request)?.rule.account?.(request) ?? ''}`,
    );

    const enforce = async (check: typeof byAddress, request: FastifyRequest, reply: FastifyReply) => {
      const outcome = await check(request);
      if (outcome.isAllowed || !outcome.isExceeded) return;
      const seconds = Math.max(1, outcome.ttlInSeconds);
      void reply.header('retry-after', seconds);
      throw tooManyRequests(seconds);
    };

    app.addHook('onRequest', async (request, reply) => {
      const found = ruleOf(request);
      if (found) await enforce(found.rule.refresh ? refreshByAddress : byAddress, request, reply);
    });

    app.addHook('preHandler', async (request, reply) => {
      const found = ruleOf(request);
      if (!found) return;
      const account = found.rule.account?.(request);
      const isSignIn = found.name === SIGN_IN;
      const returning = isSignIn && account !== undefined && (await known.has(account, request.ip));
      if (account !== undefined && !returning) await enforce(byAccount, request, reply);
      if (!isSignIn) return;
      const end = await gate.enter(returning ? 'known' : 'other');
      if (end === undefined) {
        void reply.header('retry-after', 1);
        throw tooManyRequests(1);
      }
      (request as WithTurn)[END_TURN] = end;
    });

    const endTurn = (request: FastifyRequest) => {
      (request as WithTurn)[END_TURN]?.();
    };
    app.addHook('onSend', async (request, reply, payload) => {
      endTurn(request);
      if (reply.statusCode === 200 && ruleOf(request)?.name === SIGN_IN) {
        const account = email(request);
        if (account !== undefined) await known.remember(account, request.ip);
      }
      return payload;
    });
    // Whichever comes first ends the turn; the others find it ended.
    app.addHook('onResponse', async (request) => endTurn(request));
    app.addHook('onRequestAbort', async (request) => endTurn(request));
  },
  { name: 'sentinel-auth-limits' },
);
