import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAIN_NOTICE_MS } from './plain-notice';
import { WAIT_MS } from '../testing/wait';

/** A fresh `lib/toast` (the web tests share modules) whose import of sonner fails. */
async function toastWithoutSonner() {
  vi.resetModules();
  // The toast library cannot be fetched (offline just after the first load): its import fails.
  vi.doMock('sonner', () => {
    throw new Error('Failed to fetch dynamically imported module');
  });
  return (await import('./toast')).toast;
}

describe('toasts when the toast library cannot be fetched', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.doUnmock('sonner');
    vi.resetModules();
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('shows an error as a plain alert with its words, gone after a while', async () => {
    const toast = await toastWithoutSonner();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    toast.error('Could not save the timetable');
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')).not.toBeNull(), {
      timeout: WAIT_MS,
    });
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Could not save the timetable');
    vi.advanceTimersByTime(PLAIN_NOTICE_MS);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows a success as a polite status', async () => {
    const toast = await toastWithoutSonner();
    toast.success('Saved');
    await vi.waitFor(() => expect(document.querySelector('[role="status"]')?.textContent).toBe('Saved'), {
      timeout: WAIT_MS,
    });
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
