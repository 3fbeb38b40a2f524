import { Input } from './input';

type Axis = 'latitude' | 'longitude';

/** A latitude and longitude typed as text (the form checks them), side by side on wide screens. */
export interface CoordinateInputsProps {
  latitude: string;
  longitude: string;
  onChange: (field: Axis, value: string) => void;
  errors: { latitude?: string | undefined; longitude?: string | undefined };
  /** Say the ranges under the fields (a page with room for it; a dialog keeps them short). */
  withRanges?: boolean;
}

const AXES: readonly { axis: Axis; label: string; range: string }[] = [
  { axis: 'latitude', label: 'Latitude', range: '-90 to 90' },
  { axis: 'longitude', label: 'Longitude', range: '-180 to 180' },
];

/** The campus point and a classroom's position share these two labelled fields. */
export function CoordinateInputs({ onChange, errors, withRanges = false, ...values }: CoordinateInputsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {AXES.map(({ axis, label, range }) => (
        <Input
          key={axis}
          label={label}
          hint={withRanges ? `Decimal degrees, ${range}.` : undefined}
          inputMode="decimal"
          value={values[axis]}
          onChange={(e) => onChange(axis, e.target.value)}
          error={errors[axis]}
        />
      ))}
    </div>
  );
}
