/* The live-location link settings (SHARE_LINK_* in the README), held as app.shareLinkSettings. */
import fp from 'fastify-plugin';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in with the settings
export interface ShareLinkOptions {}

export function shareLinkOptions(_env: NodeJS.ProcessEnv = process.env): ShareLinkOptions {
  return {};
}

declare module 'fastify' {
  interface FastifyInstance {
    shareLinkSettings: ShareLinkOptions;
  }
}

export const shareLinkSettingsPlugin = fp<ShareLinkOptions>(
  (app, options, done) => {
    app.decorate('shareLinkSettings', options);
    done();
  },
  { name: 'sentinel-share-link-settings' },
);
