import { useEffect, useRef } from 'react';
import { TURNSTILE_RETRY_MS } from '@sentinel/domain';

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render: (element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }) => string;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/**
 * Cloudflare's bot challenge, shown only when a site key is configured. The script may load late
 * (or not at all on a bad network): rendering is tried again every 8 seconds until it works.
 */
export function Turnstile({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const latestOnToken = useRef(onToken);
  useEffect(() => {
    latestOnToken.current = onToken;
  }, [onToken]);

  useEffect(() => {
    if (!document.querySelector(`script[src="${SCRIPT_URL}"]`)) {
      const script = document.createElement('script');
      script.src = SCRIPT_URL;
      script.async = true;
      document.head.append(script);
    }
    let rendered = false;
    const tryRender = () => {
      if (rendered || !box.current || !window.turnstile) return;
      window.turnstile.render(box.current, {
        sitekey: siteKey,
        callback: (token) => latestOnToken.current(token),
      });
      rendered = true;
    };
    tryRender();
    const timer = window.setInterval(tryRender, TURNSTILE_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [siteKey]);

  return <div ref={box} className="sign-up__challenge" />;
}
