import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { SidePanel } from '../components/ui/side-panel';
import { SIDE_PANEL_OPEN_ATTRIBUTE } from '../lib/toast-placement';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ToastArea } from './toast-area';

/** A window as wide or as narrow as `phone` says (jsdom has no matchMedia of its own). */
function screenIs(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: phone && query === '(max-width: 600px)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.unstubAllGlobals();
});

async function toaster() {
  act(() => void toast.error('The maximum could not be saved'));
  await screen.findByText('The maximum could not be saved');
  return document.querySelector('[data-sonner-toaster]')!;
}

describe('ToastArea: toasts clear of the controls', () => {
  it('keeps toasts at the top right on a phone (390 px) too, as the product spec has it', async () => {
    screenIs(true);
    render(<ToastArea />);
    const area = await toaster();
    expect(area).toHaveAttribute('data-y-position', 'top');
    expect(area).toHaveAttribute('data-x-position', 'right');
  });

  it('keeps them at the top right on wide screens, moved left of an open side panel', async () => {
    screenIs(false);
    const { rerender } = render(
      <>
        <ToastArea />
        <SidePanel open onOpenChange={() => undefined} title="Load of Meera Iyer">
          <button type="button">Save maximum</button>
        </SidePanel>
      </>,
    );
    const area = await toaster();
    expect(area).toHaveAttribute('data-y-position', 'top');
    expect(area).toHaveAttribute('data-x-position', 'right');
    expect(document.documentElement).toHaveAttribute(SIDE_PANEL_OPEN_ATTRIBUTE);
    // The stylesheet moves right-hand toasts past the panel's 28 rem while that attribute is set.
    // Run from the repository or from apps/web.
    const cssPath = ['apps/web/src/index.css', 'src/index.css'].map((p) => resolve(p)).find(existsSync)!;
    const indexCss = readFileSync(cssPath, 'utf8');
    expect(indexCss.replace(/\s+/g, ' ')).toContain(
      `[${SIDE_PANEL_OPEN_ATTRIBUTE}] [data-sonner-toaster][data-x-position='right'] { --offset-right: calc(28rem + 16px) !important;`,
    );
    rerender(
      <>
        <ToastArea />
        <SidePanel open={false} onOpenChange={() => undefined} title="Load of Meera Iyer">
          <button type="button">Save maximum</button>
        </SidePanel>
      </>,
    );
    expect(document.documentElement).not.toHaveAttribute(SIDE_PANEL_OPEN_ATTRIBUTE);
  });
});
