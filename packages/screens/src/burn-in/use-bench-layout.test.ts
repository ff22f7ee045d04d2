import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutFor, useBenchLayout } from './use-bench-layout';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the bench layout', () => {
  it('is narrow up to 768 px, medium up to 1030 px and wide above', () => {
    expect([768, 769, 1030, 1031].map(layoutFor)).toEqual(['narrow', 'medium', 'medium', 'wide']);
  });

  it('follows a resize only once it has settled for 250 ms', () => {
    vi.useFakeTimers();
    resizeTo(1280);
    const { result } = renderHook(() => useBenchLayout());
    expect(result.current).toBe('wide');

    act(() => {
      resizeTo(900);
      vi.advanceTimersByTime(200);
      resizeTo(700);
      vi.advanceTimersByTime(249);
    });
    expect(result.current).toBe('wide');

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('narrow');
  });
});
