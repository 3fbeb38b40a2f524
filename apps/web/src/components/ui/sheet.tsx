import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Height classes, e.g. `h-[80vh] md:h-[60vh]`. */
  heightClassName?: string;
}

/**
 * A bottom sheet: a modal panel that rises from the bottom edge (Radix dialog underneath, so it
 * traps focus and closes on Escape).
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  children,
  heightClassName = 'h-[60vh]',
}: SheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cx(
            'fixed inset-x-0 bottom-0 z-50 mx-auto flex w-full max-w-3xl flex-col rounded-t-2xl bg-white shadow-2xl',
            'focus:outline-none motion-safe:animate-[sheet-up_180ms_ease-out]',
            heightClassName,
          )}
        >
          <div className="mx-auto mt-2 h-1.5 w-12 rounded-full bg-slate-300" aria-hidden />
          <div className="flex items-center justify-between px-5 pt-3 pb-2">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
          ) : null}
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
