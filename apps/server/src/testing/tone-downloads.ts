/**
 * How the original clients fetch the session's tone file (presence-0029): the web client is a
 * browser and gets the short loop; the app (Dart's HTTP client, which takes gzip) gets the
 * lecture-long file.
 */
export const BROWSER_FETCH = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'sec-fetch-mode': 'cors',
} as const;

export const APP_DOWNLOAD = { 'user-agent': 'Dart/3.5 (dart:io)', 'accept-encoding': 'gzip' } as const;
