// The features' public surface for app/, which composes them (features never import each other).
// Pages that are loaded lazily are not listed here, so each stays in its own chunk (so is the
// profile dialog, which app/protected-shell.tsx loads when first opened).
export { useLogout, useSessionBootstrap } from './auth';
export { NotificationBell, notificationReducer } from './notifications';
// Whether an admin is an institution admin (the settings say whether they may edit them): the
// navigation offers the institution-wide pages only to them.
export { useInstitutionSettingsQuery } from './institution-settings/institution-settings-api';
