import { Input } from './input';

/** A latitude and longitude typed as text (the form checks them), side by side on wide screens. */
export interface CoordinateInputsProps {
  latitude: string;
  longitude: string;
  onChange: (field: 'latitude' | 'longitude', value: string) => void;
  errors: { latitude?: string | undefined; longitude?: string | undefined };
  /** Say the ranges under the fields (a page with room for it; a dialog keeps them short). */
  withRanges?: boolean;
}

/** The campus point and a classroom's position share these two labelled fields. */
export function CoordinateInputs({
  latitude,
  longitude,
  onChange,
  errors,
  withRanges = false,
}: CoordinateInputsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input
        label="Latitude"
        hint={withRanges ? 'Decimal degrees, -90 to 90.' : undefined}
        inputMode="decimal"
        value={latitude}
        onChange={(e) => onChange('latitude', e.target.value)}
        error={errors.latitude}
      />
      <Input
        label="Longitude"
        hint={withRanges ? 'Decimal degrees, -180 to 180.' : undefined}
        inputMode="decimal"
        value={longitude}
        onChange={(e) => onChange('longitude', e.target.value)}
        error={errors.longitude}
      />
    </div>
  );
}
