import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Button } from '../button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from './card';

describe('given a card with a title, content and a footer action', () => {
  it('shows the title as a heading with the content and the action', () => {
    render(
      <Card>
        <CardHeader>
          <CardTitle>Cancelled Alerts</CardTitle>
        </CardHeader>
        <CardContent>Tamper alerts were cancelled for this vehicle.</CardContent>
        <CardFooter>
          <Button>Download history</Button>
        </CardFooter>
      </Card>,
    );

    expect(screen.getByRole('heading', { level: 2, name: 'Cancelled Alerts' })).toBeVisible();
    expect(screen.getByText('Tamper alerts were cancelled for this vehicle.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download history' })).toBeVisible();
  });

  it('uses the heading level the page needs', () => {
    render(
      <Card>
        <CardTitle level={3}>Existing Users</CardTitle>
      </Card>,
    );

    expect(screen.getByRole('heading', { level: 3, name: 'Existing Users' })).toBeVisible();
  });

  it('passes other attributes through, so a card can be a labelled region', () => {
    render(
      <Card role="region" aria-labelledby="card-title">
        <CardTitle id="card-title">Account holder</CardTitle>
      </Card>,
    );

    expect(screen.getByRole('region', { name: 'Account holder' })).toBeVisible();
  });

  it('has no accessibility violations', async () => {
    render(
      <Card>
        <CardHeader>
          <CardTitle>Vehicle history</CardTitle>
        </CardHeader>
        <CardContent>No history</CardContent>
        <CardFooter>
          <Button variant="secondary">Close</Button>
        </CardFooter>
      </Card>,
    );

    expect(await axeViolations()).toEqual([]);
  });
});
