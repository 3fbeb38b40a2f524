import * as Select from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { Classroom } from '@rollbook/contract';
import { cx } from '../../lib/cx';

/**
 * The classroom dropdown of a lecture card: a listbox at most 250 px high (product spec §9), so a
 * long room list scrolls instead of covering the screen; disabled once the session has ended.
 */
export function ClassroomPicker({
  label,
  value,
  classrooms,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  classrooms: readonly Classroom[];
  disabled: boolean;
  onChange: (classroomSlug: string) => void;
}) {
  const current = classrooms.find((room) => room.slug === value);
  return (
    <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
      <Select.Trigger
        aria-label={label}
        className={cx(
          'inline-flex h-9 w-full min-w-40 items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
          'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
        )}
      >
        <Select.Value placeholder="Select classroom">{current?.class_name}</Select.Value>
        <Select.Icon>
          <ChevronDown className="size-4" aria-hidden />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <Select.Viewport className="max-h-[250px] overflow-y-auto p-1">
            {classrooms.map((room) => (
              <Select.Item
                key={room.slug}
                value={room.slug}
                className="relative flex cursor-default items-center rounded-md py-1.5 pr-8 pl-3 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50"
              >
                <Select.ItemText>{room.class_name}</Select.ItemText>
                <Select.ItemIndicator className="absolute right-2">
                  <Check className="size-4" aria-hidden />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
