import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithApp } from '../test/render-with-app';

import { ErrorPanel } from './error-panel';
import { ErrorScreen } from './error-screen';
import { NotFoundScreen } from './not-found-screen';

describe('ErrorPanel', () => {
  it('has sensible defaults and a retry', async () => {
    const onRetry = vi.fn();
    renderWithApp(<ErrorPanel onRetry={onRetry} />);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('ErrorScreen', () => {
  it('shows the message, logs it and offers Go Back below the root', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('Customer not found');
    renderWithApp(<ErrorScreen error={error} reset={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Customer not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(error);
  });

  it('offers a Home link when the root route failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithApp(<ErrorScreen error={{}} reset={() => undefined} isRoot />);
    expect(await screen.findByText('An unexpected error occurred')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();
  });
});

describe('NotFoundScreen', () => {
  it('explains and offers a way out', async () => {
    renderWithApp(<NotFoundScreen />);
    expect(await screen.findByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Over' }).getAttribute('href')).toBe('/');
  });
});
