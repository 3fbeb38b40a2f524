import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from './update-prompt';
import { WAIT_MS } from '../../testing/wait';

/**
 * jsdom has no service workers: a stand-in with the parts the page uses (register, controller,
 * updatefound / statechange, controllerchange) drives the prompt as a browser would. The real
 * worker is exercised by e2e/tests/installable.spec.ts.
 */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  readonly update = vi.fn(() => Promise.resolve());
  /** A new build's worker arrives: found, then installed. */
  deploy() {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    worker.install();
    return worker;
  }
}

function fakeContainer(controlled: boolean) {
  const registration = new FakeRegistration();
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker() : null,
    register: vi.fn(() => Promise.resolve(registration)),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { registration, container };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('UpdatePrompt', () => {
  it('registers /sw.js and offers a new build; Reload asks the waiting worker to take over, then reloads', async () => {
    const { registration, container } = fakeContainer(true);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const user = userEvent.setup();
    render(<UpdatePrompt enabled />);
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith('/sw.js'), { timeout: WAIT_MS });
    expect(screen.queryByText('A new version of Rollbook is available.')).toBeNull();

    const next = await act(async () => registration.deploy());
    expect(await screen.findByRole('status')).toHaveTextContent('A new version of Rollbook is available.');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a worker already waiting at start-up, and "Later" puts the offer away', async () => {
    const { registration } = fakeContainer(true);
    registration.waiting = new FakeWorker();
    const user = userEvent.setup();
    render(<UpdatePrompt enabled />);
    expect(await screen.findByText('A new version of Rollbook is available.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version of Rollbook is available.')).toBeNull();
  });

  it('asks nothing on the first install (no worker controlled the page yet) or when disabled', async () => {
    const { registration, container } = fakeContainer(false);
    const { unmount } = render(<UpdatePrompt enabled />);
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled(), { timeout: WAIT_MS });
    await act(async () => registration.deploy());
    expect(screen.queryByRole('status')).toBeNull();
    unmount();

    const other = fakeContainer(true);
    render(<UpdatePrompt enabled={false} />);
    expect(other.container.register).not.toHaveBeenCalled();
  });
});
