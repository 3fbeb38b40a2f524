import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { describeRouteError, ErrorPage } from './error-page';
import { Maintenance } from './maintenance';
import { NotFound } from './not-found';
import { ServerUnavailable } from './server-unavailable';

function renderAt(element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }]);
  render(<RouterProvider router={router} />);
}

describe('status pages', () => {
  it('NotFound shows the spec texts and a way home', () => {
    renderAt(<NotFound />);
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find the page you're looking for.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('ServerUnavailable (/502) explains the outage and offers a retry', () => {
    renderAt(<ServerUnavailable />);
    expect(screen.getByText('502')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Server Unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
  });

  it('Maintenance shows the spec sentence', () => {
    renderAt(<Maintenance />);
    expect(
      screen.getByText("We are currently performing maintenance on our systems. We'll be back shortly!"),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('ErrorPage shows the thrown error under the spec texts', () => {
    // React and the router log the caught error; the page itself is what this test reads.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    function Boom(): never {
      throw new Error('kaput');
    }
    const router = createMemoryRouter([{ path: '*', element: <Boom />, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Oops!')).toBeInTheDocument();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeInTheDocument();
    expect(screen.getByText('kaput')).toBeInTheDocument();
    quiet.mockRestore();
    warn.mockRestore();
  });

  it('describes unknown errors as "Unknown error"', () => {
    expect(describeRouteError('strange')).toBe('Unknown error');
    expect(describeRouteError({ status: 500, statusText: 'Server Error', internal: false, data: null })).toBe(
      'Server Error',
    );
  });
});
