import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { loaderFinished, loaderStarted } from '../../lib/loader/loader-slice';
import { LoadingOverlay } from './loading-overlay';

function renderOverlay() {
  const store = makeStore();
  render(
    <Provider store={store}>
      <LoadingOverlay />
    </Provider>,
  );
  return store;
}

describe('LoadingOverlay', () => {
  it('shows "Loading...." while any call is pending and hides after the last one', () => {
    const store = renderOverlay();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(loaderStarted());
      store.dispatch(loaderStarted());
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading....');
    act(() => {
      store.dispatch(loaderFinished());
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      store.dispatch(loaderFinished());
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a custom message when one is given', () => {
    const store = renderOverlay();
    act(() => {
      store.dispatch(loaderStarted('Marking Attendance. Please do not refresh this page!'));
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Marking Attendance. Please do not refresh this page!',
    );
  });
});
