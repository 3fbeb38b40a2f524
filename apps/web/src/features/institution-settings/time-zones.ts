/** Every IANA time zone this browser knows, offered as suggestions (the server checks the value). */
export function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}
