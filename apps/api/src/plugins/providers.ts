import fp from 'fastify-plugin';
import { outboxMessageSender } from '../providers/messages';
import type { MessageSender } from '../providers/messages';
import { outboxPartnerAlerts } from '../providers/partner-alerts';
import type { PartnerAlertProvider } from '../providers/partner-alerts';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageSender;
    partnerAlerts: PartnerAlertProvider;
    /** Where people create their password; links in e-mails point here. */
    signupUrl: string;
  }
}

export interface ProvidersPluginOptions {
  messageSender?: MessageSender | undefined;
  partnerAlerts?: PartnerAlertProvider | undefined;
  signupUrl: string;
}

/** The outside-world providers, each defaulting to the dev outbox. */
export const providersPlugin = fp<ProvidersPluginOptions>(
  (app, options, done) => {
    app.decorate('messages', options.messageSender ?? outboxMessageSender(app.db));
    app.decorate('partnerAlerts', options.partnerAlerts ?? outboxPartnerAlerts(app.db));
    app.decorate('signupUrl', options.signupUrl.replace(/\/+$/, ''));
    done();
  },
  { name: 'sentinel-providers', dependencies: ['sentinel-db'] },
);
