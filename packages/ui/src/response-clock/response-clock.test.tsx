import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { ResponseClock } from './response-clock';

const openedDateTime = '2026-11-27T08:00:00Z';
const at = (seconds: number) => new Date(Date.parse(openedDateTime) + seconds * 1000);

describe('given an alarm still waiting within its target', () => {
  it('ticks as a timer reading 0:45, and says so in words', async () => {
    render(
      <ResponseClock
        openedDateTime={openedDateTime}
        acknowledgedDateTime={null}
        acknowledgeWithinSeconds={60}
        now={at(45)}
      />,
    );

    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('0:45');
    expect(screen.getByText('Waited 45 s; target 1 min')).toBeInTheDocument();
    expect(screen.queryByText('Target breached')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('moves on with the time the page passes', () => {
    const { rerender } = render(
      <ResponseClock
        openedDateTime={openedDateTime}
        acknowledgedDateTime={null}
        acknowledgeWithinSeconds={300}
        now={at(59)}
      />,
    );
    rerender(
      <ResponseClock
        openedDateTime={openedDateTime}
        acknowledgedDateTime={null}
        acknowledgeWithinSeconds={300}
        now={at(61)}
      />,
    );

    expect(screen.getByRole('timer')).toHaveTextContent('1:01');
  });
});

describe('given an alarm waiting past its target', () => {
  it("says 'Target breached' in words, not only in colour", async () => {
    render(
      <ResponseClock
        openedDateTime={openedDateTime}
        acknowledgedDateTime={null}
        acknowledgeWithinSeconds={60}
        now={at(12 * 60 + 3)}
      />,
    );

    expect(screen.getByRole('timer')).toHaveTextContent('12:03');
    expect(screen.getByText('Target breached')).toBeInTheDocument();
    expect(screen.getByText('Waited 12 min 3 s; target 1 min; breached')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('reads hours and minutes past an hour', () => {
    render(
      <ResponseClock
        openedDateTime={openedDateTime}
        acknowledgedDateTime={null}
        acknowledgeWithinSeconds={3600}
        now={at(3600 + 5 * 60 + 20)}
      />,
    );

    expect(screen.getByRole('timer')).toHaveTextContent('1 h 05 min');
    expect(screen.getByText('Waited 1 h 5 min; target 1 h; breached')).toBeInTheDocument();
  });
});

describe('given an acknowledged alarm', () => {
  it('shows the time it waited, frozen, and is no longer a timer', () => {
    render(
      <ResponseClock
        openedDateTime={openedDateTime}
        acknowledgedDateTime={at(90).toISOString()}
        acknowledgeWithinSeconds={60}
        now={at(3 * 3600)}
      />,
    );

    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('1:30')).toBeInTheDocument();
    expect(screen.getByText('Target breached')).toBeInTheDocument();
    expect(
      screen.getByText('Waited 1 min 30 s until acknowledged; target 1 min; breached'),
    ).toBeInTheDocument();
  });

  it('is not breached when taken in time', () => {
    render(
      <ResponseClock
        openedDateTime={openedDateTime}
        acknowledgedDateTime={at(20).toISOString()}
        acknowledgeWithinSeconds={60}
        now={at(3600)}
      />,
    );

    expect(screen.getByText('0:20')).toBeInTheDocument();
    expect(screen.queryByText('Target breached')).not.toBeInTheDocument();
  });
});
