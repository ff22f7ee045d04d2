import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { VirtualList } from './virtual-list';

// jsdom has no layout, so every size reads 0. TanStack Virtual reads the scroll area's clientHeight
// and each row's offsetHeight: give the viewport 500 px and each row 50 px (row 0 may be taller).
let firstRowHeight = 50;
beforeEach(() => {
  firstRowHeight = 50;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset['index'] === '0' ? firstRowHeight : 50;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const CLIENTS = Array.from({ length: 10_000 }, (_, index) => ({
  id: index + 1,
  name: `Client ${index + 1}`,
}));

function ClientList() {
  return (
    <VirtualList
      label="Clients"
      items={CLIENTS}
      estimateSize={50}
      gap={0}
      height={500}
      getKey={(client) => client.id}
      renderItem={(client) => <p>{client.name}</p>}
    />
  );
}

describe('given 10,000 clients', () => {
  it('renders only a few dozen rows, starting with the first', () => {
    render(<ClientList />);

    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(screen.getByText('Client 1')).toBeInTheDocument();
    expect(screen.queryByText('Client 100')).not.toBeInTheDocument();
  });

  it('tells assistive technology the full size and each row position', () => {
    render(<ClientList />);

    const first = screen.getAllByRole('listitem')[0];
    expect(screen.getByRole('list', { name: 'Clients' })).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-setsize', '10000');
    expect(first).toHaveAttribute('aria-posinset', '1');
  });

  it('renders the rows around the scroll position after a scroll', () => {
    render(<ClientList />);

    const scroller = screen.getByRole('list', { name: 'Clients' }).parentElement as HTMLElement;
    Object.defineProperty(scroller, 'scrollTop', { value: 5000 * 50, configurable: true });
    fireEvent.scroll(scroller);

    expect(screen.getByText('Client 5001')).toBeInTheDocument();
    expect(screen.queryByText('Client 1')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(40);
  });

  it('sizes the scroll content for every row', () => {
    render(<ClientList />);

    expect(screen.getByRole('list', { name: 'Clients' })).toHaveStyle({ height: `${10_000 * 50}px` });
  });

  it('has no accessibility violations', async () => {
    render(<ClientList />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a row taller than estimated, such as an expanded client card', () => {
  it('measures it and pushes the rows below down', () => {
    firstRowHeight = 300;
    render(<ClientList />);

    expect(screen.getByRole('list', { name: 'Clients' })).toHaveStyle({ height: `${300 + 9_999 * 50}px` });
    expect(screen.getByText('Client 2').parentElement).toHaveStyle({ transform: 'translateY(300px)' });
  });
});

describe('given no items', () => {
  it('renders an empty list', () => {
    render(
      <VirtualList label="Clients" items={[]} estimateSize={50} getKey={() => 0} renderItem={() => null} />,
    );

    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
