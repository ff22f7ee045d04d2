/*
 * Who issues the api's access tokens and for whom. The api signs them with these claims and every
 * service that accepts them (the api, the burn-in test-runner) requires both, so a token signed
 * with the same key for another purpose is refused.
 */

/** The `iss` claim of every access token the api signs. */
export const ACCESS_TOKEN_ISSUER = 'sentinel-api';

/** The `aud` claim of every access token the api signs: the Sentinel services. */
export const ACCESS_TOKEN_AUDIENCE = 'sentinel';
