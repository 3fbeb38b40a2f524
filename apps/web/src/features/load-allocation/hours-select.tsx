import { NativeSelect } from '../../components/ui/native-select';

/** The amounts of hours that can be chosen: multiples of `step` up to `max`. */
export function hourChoices(step: number, max: number): number[] {
  const choices: number[] = [];
  for (let hours = step; hours <= max; hours += step) choices.push(hours);
  return choices;
}

/**
 * A picker of whole blocks of hours (1 for theory and tutorials, 2 for labs and practicals).
 */
export function HoursSelect({
  step,
  max,
  value,
  onChange,
}: {
  step: number;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const choices = hourChoices(step, max);
  return (
    <NativeSelect
      label="Hours"
      placeholder="Hours"
      value={choices.includes(Number(value)) ? value : ''}
      disabled={choices.length === 0}
      onChange={onChange}
      options={choices.map((hours) => ({ value: String(hours), label: `${hours} h` }))}
    />
  );
}
