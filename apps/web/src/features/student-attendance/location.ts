import { useCallback, useEffect, useState } from 'react';
import { GEOLOCATION_PERMISSION_TIMEOUT_MS } from '@rollbook/contract';

/** Where the screen stands with the location permission. */
export type LocationPermission = 'checking' | 'granted' | 'prompt' | 'denied' | 'unsupported';

/** Geolocation error code of a refused permission (GeolocationPositionError.PERMISSION_DENIED). */
export const PERMISSION_DENIED = 1;

/** The options of every position read (product spec §9). */
export const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  maximumAge: 0,
  timeout: GEOLOCATION_PERMISSION_TIMEOUT_MS,
};

/** Reads a fresh, high-accuracy position. */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, POSITION_OPTIONS);
  });
}

/**
 * The location permission, following live changes (product spec §4 "Student attendance"): the
 * Permissions API's status `change` event flips the screen as soon as the person allows or blocks
 * location in the browser's settings. Browsers without the Permissions API learn the answer from a
 * position request, which `request` triggers (it also shows the browser's prompt).
 */
export function useLocationPermission(): { permission: LocationPermission; request: () => void } {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const canQuery = supported && typeof navigator.permissions?.query === 'function';
  const [permission, setPermission] = useState<LocationPermission>(
    supported ? (canQuery ? 'checking' : 'prompt') : 'unsupported',
  );

  useEffect(() => {
    if (!canQuery) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const follow = () => {
      if (status && !cancelled) setPermission(status.state);
    };
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((result) => {
        status = result;
        follow();
        result.addEventListener('change', follow);
      })
      .catch(() => {
        if (!cancelled) setPermission('prompt');
      });
    return () => {
      cancelled = true;
      status?.removeEventListener('change', follow);
    };
  }, [canQuery]);

  const request = useCallback(() => {
    if (!supported) return;
    navigator.geolocation.getCurrentPosition(
      () => setPermission('granted'),
      (error) => setPermission(error.code === PERMISSION_DENIED ? 'denied' : 'prompt'),
      POSITION_OPTIONS,
    );
  }, [supported]);

  return { permission, request };
}
