import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Turnstile } from './turnstile';

afterEach(() => {
  vi.useRealTimers();
  delete window.turnstile;
});

describe('given a Turnstile site key', () => {
  it('loads the challenge script and renders once it is there, trying again every 8000 ms', () => {
    vi.useFakeTimers();
    const onToken = vi.fn();
    render(<Turnstile siteKey="site-key" onToken={onToken} />);
    expect(
      document.querySelector('script[src^="https://challenges.cloudflare.com/turnstile/"]'),
    ).not.toBeNull();

    const renderChallenge = vi.fn((_element: HTMLElement, options: { callback: (token: string) => void }) => {
      options.callback('solved-token');
      return 'widget';
    });
    window.turnstile = { render: renderChallenge };
    act(() => {
      vi.advanceTimersByTime(7999);
    });
    expect(renderChallenge).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });

    expect(renderChallenge).toHaveBeenCalledTimes(1);
    expect(renderChallenge.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-key' });
    expect(onToken).toHaveBeenCalledWith('solved-token');
    act(() => {
      vi.advanceTimersByTime(16_000);
    });
    expect(renderChallenge).toHaveBeenCalledTimes(1);
  });
});
