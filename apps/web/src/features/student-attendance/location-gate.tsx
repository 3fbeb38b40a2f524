import { MapPin } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ATTENDANCE_TEXT } from './attendance-text';
import type { LocationPermission } from './location';

/** The optional help video (a URL an institution can embed); documented in the README. */
function helpVideoUrl(): string | undefined {
  const configured = import.meta.env.VITE_LOCATION_HELP_VIDEO_URL?.trim();
  return configured ? configured : undefined;
}

/**
 * What a student sees until location is allowed (product spec §2 "Student attendance screen"):
 * "Location Permission Required", how to allow it on Android and on iOS, and the help video.
 */
export function LocationGate({
  permission,
  onRequest,
}: {
  permission: LocationPermission;
  onRequest: () => void;
}) {
  const video = helpVideoUrl();
  return (
    <section
      aria-labelledby="location-gate-title"
      className="mx-auto flex w-full max-w-2xl flex-col gap-4 rounded-2xl border border-amber-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <MapPin className="size-8 shrink-0 text-amber-600" aria-hidden />
        <h2 id="location-gate-title" className="text-xl font-semibold text-slate-900">
          {ATTENDANCE_TEXT.permissionTitle}
        </h2>
      </div>
      {permission === 'unsupported' ? (
        <p role="alert" className="text-red-700">
          {ATTENDANCE_TEXT.noGeolocation}
        </p>
      ) : (
        <>
          <p className="text-slate-700">
            Attendance is marked with your position in the classroom. {ATTENDANCE_TEXT.allowLocation}
          </p>
          {permission === 'prompt' ? (
            <Button className="self-start" onClick={onRequest}>
              <MapPin className="size-4" aria-hidden />
              Allow location access
            </Button>
          ) : null}
          {permission === 'denied' ? (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Location is blocked for this site. Allow it in your settings as shown below; this page updates
              by itself once you do.
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="font-semibold text-slate-800">Android (Chrome)</h3>
              <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-700">
                <li>Turn on Location in the quick settings.</li>
                <li>Tap the icon left of the address bar, then Permissions.</li>
                <li>Set Location to Allow and come back to this page.</li>
              </ol>
            </div>
            <div>
              <h3 className="font-semibold text-slate-800">iOS (Safari)</h3>
              <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-700">
                <li>Open Settings → Privacy &amp; Security → Location Services and turn them on.</li>
                <li>Set Safari Websites to While Using the App.</li>
                <li>In Safari tap aA → Website Settings → Location → Allow.</li>
              </ol>
            </div>
          </div>
          <figure className="flex flex-col gap-2">
            {video ? (
              <iframe
                src={video}
                title="How to allow location access"
                className="aspect-video w-full rounded-lg border border-slate-200"
                allow="fullscreen; picture-in-picture"
              />
            ) : (
              <div className="flex aspect-video w-full items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-center text-sm text-slate-500">
                No help video has been added yet; follow the steps above.
              </div>
            )}
            <figcaption className="text-xs text-slate-500">How to allow location access</figcaption>
          </figure>
        </>
      )}
    </section>
  );
}
