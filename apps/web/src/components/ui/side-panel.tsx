import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { SIDE_PANEL_OPEN_ATTRIBUTE } from '../../lib/toast-placement';

export interface SidePanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

/**
 * A modal panel sliding in from the right edge (Radix dialog underneath: focus trap, Escape).
 */
export function SidePanel({ open, onOpenChange, title, children }: SidePanelProps) {
  // Toasts keep left of an open panel on wide screens (index.css), clear of its controls.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.setAttribute(SIDE_PANEL_OPEN_ATTRIBUTE, '');
    return () => root.removeAttribute(SIDE_PANEL_OPEN_ATTRIBUTE);
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
