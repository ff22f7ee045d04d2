/*
 * Alerting the two response partners. The provider interface has two implementations: the
 * embedded default records the alert in the outbox (a person or a test reads it there), and the
 * webhook POSTs it to the partner's URL, signed with the partner's shared secret, with a timeout
 * and retries. Whichever sends it, the route stores the outcome (partner_alerts) and says
 * 'Alert sent' only when the partner accepted it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import ky, { HTTPError, TimeoutError } from 'ky';
import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

/** The two response partners an agent can alert from a vehicle card. */
export type Partner = 'Aura' | 'Capital Air';

export const PARTNERS: readonly Partner[] = ['Aura', 'Capital Air'];

export interface PartnerAlert {
  partner: Partner;
  vehicleId: number;
  registrationNumber: string;
  latitudeDegrees: number | null;
  longitudeDegrees: number | null;
  /** The staff member who raised it. */
  raisedBy: { firstName: string; lastName: string };
}

/** What became of one alert. */
export interface PartnerAlertOutcome {
  /** True only when the partner took it (a 2xx answer, or the outbox recorded it). */
  accepted: boolean;
  /** The partner's status when accepted (e.g. 'Dispatched'); otherwise why it was not, for a person. */
  status: string;
  /** Requests made (1 without retries). */
  attempts: number;
  /** The partner's last HTTP status; null when none came (timeout, refused connection, outbox). */
  httpStatus: number | null;
}

export interface PartnerAlertProvider {
  /** Hands the alert to the partner; never throws for the partner's failure, it reports it. */
  dispatch(alert: PartnerAlert): Promise<PartnerAlertOutcome>;
}

export const DISPATCHED = 'Dispatched';

/** The embedded default: records the alert in the outbox (channel 'partner') and reports it dispatched. */
export function outboxPartnerAlerts(db: Kysely<Database>): PartnerAlertProvider {
  return {
    async dispatch(alert) {
      const position =
        alert.latitudeDegrees === null || alert.longitudeDegrees === null
          ? 'position unknown'
          : `last known position ${alert.latitudeDegrees}, ${alert.longitudeDegrees}`;
      await db
        .insertInto('outbox')
        .values({
          channel: 'partner',
          recipient: alert.partner,
          subject: `Alert for vehicle ${alert.registrationNumber}`,
          body: `Vehicle ${alert.registrationNumber} (id ${alert.vehicleId}), ${position}. Raised by ${alert.raisedBy.firstName} ${alert.raisedBy.lastName}.`,
          createdAt: instant(),
        })
        .execute();
      return { accepted: true, status: DISPATCHED, attempts: 1, httpStatus: null };
    },
  };
}

/** One partner's webhook. */
export interface PartnerWebhook {
  url: string;
  /** Shared with the partner: the body is signed with it (HMAC-SHA256). */
  secret: string;
}

export interface WebhookOptions {
  /** Each request's limit. @default 5000 */
  timeoutMs?: number;
  /** Requests in all, the first included. @default 3 */
  attempts?: number;
  /** The wait before the first retry; each next one doubles. @default 500 */
  backoffMs?: number;
}

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`. */
export const SIGNATURE_HEADER = 'X-Sentinel-Signature';
/** The same for every retry of one alert, so the partner can drop a repeat. */
export const DELIVERY_HEADER = 'X-Sentinel-Delivery';

/** The signature header's value for this body at this time. */
export function signWebhookBody(secret: string, body: string, at: Date = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** The JSON the partner receives. */
export function webhookBody(alert: PartnerAlert, deliveryId: string, at: Date = new Date()) {
  return {
    id: deliveryId,
    type: 'vehicle.alert',
    partner: alert.partner,
    createdAt: at.toISOString(),
    vehicle: {
      id: alert.vehicleId,
      registrationNumber: alert.registrationNumber,
      lastKnownPosition:
        alert.latitudeDegrees === null || alert.longitudeDegrees === null
          ? null
          : { latitudeDegrees: alert.latitudeDegrees, longitudeDegrees: alert.longitudeDegrees },
    },
    raisedBy: alert.raisedBy,
  };
}

/**
 * POSTs the alert to the partner's webhook with ky: a timeout per request, and retries with
 * exponential backoff on no answer, a timeout, 408, 429 and 5xx. Any other 4xx is final. Each
 * retry is signed afresh (the timestamp moves) but carries the same delivery id.
 */
export function webhookPartnerAlert(
  webhook: PartnerWebhook,
  options: WebhookOptions = {},
): PartnerAlertProvider {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 500;
  return {
    async dispatch(alert) {
      const deliveryId = randomUUID();
      const body = JSON.stringify(webhookBody(alert, deliveryId));
      let made = 0;
      let lastStatus: number | null = null;
      try {
        const answer = await ky
          .post(webhook.url, {
            body,
            headers: { 'content-type': 'application/json', [DELIVERY_HEADER]: deliveryId },
            // Per request: ky starts the clock again for each retry.
            timeout: timeoutMs,
            retry: {
              limit: attempts - 1,
              methods: ['post'],
              statusCodes: [408, 429, 500, 502, 503, 504],
              retryOnTimeout: true,
              delay: (attempt) => backoffMs * 2 ** (attempt - 1),
            },
            hooks: {
              beforeRequest: [
                (request) => {
                  made += 1;
                  request.headers.set(SIGNATURE_HEADER, signWebhookBody(webhook.secret, body));
                },
              ],
              afterResponse: [
                (_request, _options, response) => {
                  lastStatus = response.status;
                },
              ],
            },
          })
          .text();
        return { accepted: true, status: partnerStatus(answer), attempts: made, httpStatus: lastStatus };
      } catch (error) {
        return {
          accepted: false,
          status: failureReason(error, timeoutMs),
          attempts: made,
          httpStatus: lastStatus,
        };
      }
    },
  };
}

/** The partner's own status when its answer is `{ "status": "..." }`, else that it accepted. */
function partnerStatus(answer: string): string {
  try {
    const parsed: unknown = JSON.parse(answer);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'status' in parsed &&
      typeof parsed.status === 'string'
    ) {
      return parsed.status.slice(0, 100) || DISPATCHED;
    }
  } catch {
    // Not JSON: the 2xx itself says it was accepted.
  }
  return DISPATCHED;
}

function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof HTTPError) return `it answered ${error.response.status}`;
  if (error instanceof TimeoutError) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  return 'it could not be reached';
}

/** The webhook for the partners that have one, the outbox for the others. */
export function partnerAlertsByPartner(
  fallback: PartnerAlertProvider,
  webhooks: Partial<Record<Partner, PartnerWebhook>>,
  options: WebhookOptions = {},
): PartnerAlertProvider {
  const providers = new Map<Partner, PartnerAlertProvider>();
  for (const partner of PARTNERS) {
    const webhook = webhooks[partner];
    if (webhook) providers.set(partner, webhookPartnerAlert(webhook, options));
  }
  return { dispatch: (alert) => (providers.get(alert.partner) ?? fallback).dispatch(alert) };
}

/** Stores what became of one alert. */
export async function recordPartnerAlertOutcome(
  db: Kysely<Database>,
  record: {
    vehicleId: number;
    partner: Partner;
    raisedByUserId: number;
    outcome: PartnerAlertOutcome;
    startedAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('partnerAlerts')
    .values({
      vehicleId: record.vehicleId,
      partner: record.partner,
      raisedByUserId: record.raisedByUserId,
      accepted: record.outcome.accepted ? 1 : 0,
      status: record.outcome.status,
      attempts: record.outcome.attempts,
      httpStatus: record.outcome.httpStatus,
      createdAt: instant(record.startedAt),
      completedAt: instant(),
    })
    .execute();
}
