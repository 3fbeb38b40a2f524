import type { DivisionDetail } from '@rollbook/contract';
import type { ReactNode } from 'react';
import { DivisionRoster } from '../../components/division-roster';
import { Tabs } from '../../components/ui/tabs';

export interface DivisionTabsProps {
  divisions: readonly DivisionDetail[];
  /** Extra controls of one division's tab (the Excel download once divisions exist). */
  actionsFor?: (division: DivisionDetail) => ReactNode;
}

/** One tab per division, the first active (product spec §2), each showing its roster. */
export function DivisionTabs({ divisions, actionsFor }: DivisionTabsProps) {
  const first = divisions[0];
  if (!first) return null;
  return (
    <Tabs
      // A new plan brings new names: remounting makes its first division the active tab again.
      key={divisions.map((division) => division.division_name).join('|')}
      label="Divisions"
      defaultValue={first.division_name}
      items={divisions.map((division) => ({
        value: division.division_name,
        label: division.division_name,
        content: <DivisionRoster division={division} actions={actionsFor?.(division)} />,
      }))}
    />
  );
}
