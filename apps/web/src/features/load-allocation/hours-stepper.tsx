import { Minus, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';

/**
 * The hours of one teacher on one line with − and + buttons (one block each), disabled when the
 * free-hours rules forbid the step.
 */
export function HoursStepper({
  hours,
  canAdd,
  canRemove,
  lessLabel,
  moreLabel,
  onLess,
  onMore,
}: {
  hours: number;
  canAdd: boolean;
  canRemove: boolean;
  lessLabel: string;
  moreLabel: string;
  onLess: () => void;
  onMore: () => void;
}) {
  return (
    <div className="flex items-center gap-1">
      <Button
        size="icon"
        variant="ghost"
        className="size-8"
        aria-label={lessLabel}
        disabled={!canRemove}
        onClick={onLess}
      >
        <Minus className="size-4" aria-hidden />
      </Button>
      <span className="w-12 text-center font-semibold tabular-nums">{hours} h</span>
      <Button
        size="icon"
        variant="ghost"
        className="size-8"
        aria-label={moreLabel}
        disabled={!canAdd}
        onClick={onMore}
      >
        <Plus className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
