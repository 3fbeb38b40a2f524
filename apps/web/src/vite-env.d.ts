/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the HTTP API; defaults to `/api` on the site origin. */
  readonly VITE_API_BASE?: string;
  /** Origin of the socket.io server; defaults to the site origin. */
  readonly VITE_SOCKET_URL?: string;
  /** Comma-separated URL prefixes the login page may hand tokens to (app deep links). */
  readonly VITE_APP_REDIRECT_ALLOWLIST?: string;
  /** Address of a video shown on the student's location-permission screen (embedded in an iframe). */
  readonly VITE_LOCATION_HELP_VIDEO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
