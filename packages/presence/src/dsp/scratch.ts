type TypedArray = Float64Array | Float32Array | Int32Array | Uint16Array | Uint8Array;

/**
 * One call site's temporary typed array, kept between calls. A verification fills a few arrays of
 * 0.1-2 MB that die when it returns; allocated anew each time, they are zeroed, page-faulted in
 * and collected on every call (presence-0015). The array grows to the largest length asked for
 * and is never shared: each call site owns its own `Scratch`, and a caller must be done with the
 * view before it calls `take` again (one thread, no re-entry: a verifier worker runs one
 * verification at a time).
 */
export class Scratch<T extends TypedArray> {
  private buffer: T;

  constructor(private readonly create: (length: number) => T) {
    this.buffer = create(0);
  }

  /** A view of `length` elements; zero-filled when `zeroed`, else holding whatever it held. */
  take(length: number, zeroed: boolean): T {
    if (this.buffer.length < length) {
      // Growth by half again keeps a slowly rising length from reallocating on every call.
      this.buffer = this.create(Math.max(length, Math.floor(this.buffer.length * 1.5)));
      return this.buffer.subarray(0, length) as T;
    }
    const view = this.buffer.subarray(0, length) as T;
    if (zeroed) view.fill(0);
    return view;
  }
}

export const float64Scratch = (): Scratch<Float64Array> => new Scratch((n) => new Float64Array(n));
export const float32Scratch = (): Scratch<Float32Array> => new Scratch((n) => new Float32Array(n));
export const int32Scratch = (): Scratch<Int32Array> => new Scratch((n) => new Int32Array(n));
export const uint16Scratch = (): Scratch<Uint16Array> => new Scratch((n) => new Uint16Array(n));
