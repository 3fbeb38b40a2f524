import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  defaultValue: string;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/**
 * Tabs (Radix): arrow keys move between tabs, each panel is labelled by its tab.
 */
export function Tabs({ items, defaultValue, label, className }: TabsProps) {
  return (
    <RadixTabs.Root defaultValue={defaultValue} className={cx('flex flex-col gap-3', className)}>
      <RadixTabs.List
        aria-label={label}
        // Many tabs (divisions A…J) scroll inside their own strip instead of pushing the page sideways.
        className="inline-flex w-fit max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1"
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cx(
              'shrink-0 rounded-md px-4 py-1.5 text-sm font-medium text-slate-600',
              'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
              'focus-visible:outline-2 focus-visible:outline-brand-600',
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="focus-visible:outline-none">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
