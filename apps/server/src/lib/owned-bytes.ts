/**
 * The bytes of `data` as a plain Uint8Array that owns its whole ArrayBuffer: the same memory when
 * it already does (an upload's body, concatenated into its own buffer), a copy otherwise (a slice
 * of Node's shared pool or of a larger read). Posting a view to a worker thread clones its whole
 * ArrayBuffer, and copying a 480-kB recording that owns its buffer costs the event loop for nothing
 * (docs/decisions/sessions-0012).
 */
export function ownedBytes(data: Uint8Array): Uint8Array {
  if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength) {
    return new Uint8Array(data.buffer, 0, data.byteLength);
  }
  return Uint8Array.prototype.slice.call(data);
}
