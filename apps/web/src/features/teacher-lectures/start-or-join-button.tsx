import type { SessionRef } from '@rollbook/contract';
import { Play, Radio } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { LECTURES_TEXT } from './lecture-text';

/**
 * The button that opens a lecture's live sheet, on timetable and extra lectures alike: "start" before
 * the session, "join" while it is live, nothing once it has ended.
 */
export function StartOrJoinButton({
  status,
  busy,
  onClick,
}: {
  status: SessionRef['active'];
  busy: boolean;
  onClick: () => void;
}) {
  if (status !== 'pre' && status !== 'ongoing') return null;
  const starting = status === 'pre';
  const Icon = starting ? Play : Radio;
  return (
    <Button disabled={busy} onClick={onClick}>
      <Icon className="size-4" aria-hidden />
      {starting ? LECTURES_TEXT.start : LECTURES_TEXT.join}
    </Button>
  );
}
