/** Checks the sign-up form's bot-challenge token. Tests hand build() their own. */
export interface BotChallenge {
  /** True when the token is a solved challenge, issued for this visitor. */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export interface TurnstileOptions {
  secret: string;
  /** @default 'https://challenges.cloudflare.com/turnstile/v0/siteverify' */
  verifyUrl?: string;
}

/** Cloudflare Turnstile's server-side check (siteverify); any failure to reach it refuses. */
export function turnstileBotChallenge(options: TurnstileOptions): BotChallenge {
  const url = options.verifyUrl ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
  return {
    async verify(token, remoteIp) {
      if (token === '') return false;
      try {
        const response = await fetch(url, {
          method: 'POST',
          body: new URLSearchParams({ secret: options.secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true;
      } catch {
        return false;
      }
    },
  };
}
