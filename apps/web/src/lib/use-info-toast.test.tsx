import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { useInfoToast } from './use-info-toast';

const HINT = 'Please select the stream.';

/** A picker page in miniature: the hint holds until a stream is chosen. */
function Picker() {
  const [chosen, setChosen] = useState(false);
  useInfoToast(!chosen, HINT);
  return (
    <button type="button" onClick={() => setChosen(true)}>
      Choose
    </button>
  );
}

function visit() {
  return render(
    <>
      <Picker />
      <Toaster />
    </>,
  );
}

describe('useInfoToast', () => {
  beforeEach(() => localStorage.clear());

  it('shows the hint until it is followed, and not on a later visit', async () => {
    const first = visit();
    expect(await screen.findByText(HINT)).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Choose' }).click());
    await waitFor(() => expect(screen.queryByText(HINT)).not.toBeInTheDocument());
    first.unmount();

    visit();
    await screen.findByRole('button', { name: 'Choose' });
    // Give a toast the time it would need to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });

  it('shows the hint again on a later visit when it was not followed', async () => {
    const first = visit();
    expect(await screen.findByText(HINT)).toBeInTheDocument();
    first.unmount();
    await waitFor(() => expect(screen.queryByText(HINT)).not.toBeInTheDocument());

    visit();
    expect(await screen.findByText(HINT)).toBeInTheDocument();
  });
});
