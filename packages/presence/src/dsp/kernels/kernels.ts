import { Scratch } from '../scratch';
import { DSP_KERNELS_WASM_BASE64 } from './dsp-kernels.wasm';

/**
 * The SIMD kernels (dsp-kernels.wat) and the memory they work in (presence-0028). A kernel reads
 * and writes only arrays that live in its module's memory: `arenaFloat64` hands such arrays out
 * from one fixed block per thread, sized once and never grown (growing a WebAssembly memory
 * detaches every view of it). A caller whose arrays are elsewhere, or a runtime without
 * WebAssembly SIMD, gets the TypeScript loops, which give the same bits.
 */

// The slice of the WebAssembly API used here (the package's type libraries do not declare it).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmRuntime {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/** The kernels' functions (array arguments are byte offsets into their memory). */
export interface DspKernels {
  butterflies(n: number, log2: number, sign: number, re: number, im: number, cs: number, sn: number): void;
  spectrumProduct(
    n: number,
    aRe: number,
    aIm: number,
    bRe: number,
    bIm: number,
    outRe: number,
    outIm: number,
  ): void;
  normalisedEnvelope(
    lags: number,
    re: number,
    im: number,
    energyNorm: number,
    tplNorm: number,
    ncc: number,
    levels: number,
    levelScale: number,
    level: number,
  ): void;
  bitsBelow(n: number, bits: number, limit: number): number;
  refinePeaks(n: number, values: number, r: number, candidates: number): void;
  slidingMax5(n: number, r: number, out: number): void;
  bandBins(
    l: number,
    pairs: number,
    kFrom: number,
    kTo: number,
    re: number,
    im: number,
    cos: number,
    sin: number,
    outRe: number,
    outIm: number,
  ): void;
}

// The arena: the arrays a thread hands to a kernel (the band DFT plans' sub-transforms and whole
// twiddle tables, ~14 MB for the three sizes a verification uses; the kept tracks of the three call
// sites; FFT tables; scratch, and the smaller blocks a growing scratch left behind) came to 21 MB
// after verifying every corpus class both ways; the rest is headroom. Pages are reserved, not
// committed: the untouched part costs no memory.
const ARENA_BYTES = 64 * 1024 * 1024;
const PAGE_BYTES = 65536;
const ALIGN = 16;
const KERNEL_NAMES: readonly (keyof DspKernels)[] = [
  'butterflies',
  'spectrumProduct',
  'normalisedEnvelope',
  'bitsBelow',
  'refinePeaks',
  'slidingMax5',
  'bandBins',
];

interface Arena {
  kernels: DspKernels;
  buffer: ArrayBuffer;
  next: number;
}

// PRESENCE_SIMD=0 keeps the thread away from WebAssembly altogether: no module, no arena.
const disabledByEnvironment = typeof process !== 'undefined' && process.env.PRESENCE_SIMD === '0';
let arena: Arena | null | undefined = disabledByEnvironment ? null : undefined;
let enabled = !disabledByEnvironment;
// Kernel dispatches on this thread (diagnostics, and the tests that a path really ran).
let dispatches = 0;

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function openArena(): Arena | null {
  const wasm = (globalThis as { WebAssembly?: WasmRuntime }).WebAssembly;
  if (!wasm) return null;
  const bytes = decodeBase64(DSP_KERNELS_WASM_BASE64);
  // A runtime without 128-bit SIMD rejects the module here rather than at its first call.
  if (!wasm.validate(bytes)) return null;
  const { exports } = new wasm.Instance(new wasm.Module(bytes), {});
  const memory = exports.memory as WasmMemory;
  if (KERNEL_NAMES.some((name) => typeof exports[name] !== 'function')) return null;
  memory.grow(ARENA_BYTES / PAGE_BYTES - memory.buffer.byteLength / PAGE_BYTES);
  // Address 0 stays unused, so no array handed out sits at the null offset.
  return { kernels: exports as unknown as DspKernels, buffer: memory.buffer, next: ALIGN };
}

function theArena(): Arena | null {
  if (arena === undefined) {
    try {
      arena = openArena();
    } catch {
      // No memory for the arena, or no WebAssembly: the TypeScript loops serve.
      arena = null;
    }
  }
  return arena;
}

/** `bytes` of the arena (rounded up to 16), or null when it has no room or there is none. */
function arenaBytes(bytes: number): { buffer: ArrayBuffer; offset: number } | null {
  const a = theArena();
  if (!a || a.next + bytes > ARENA_BYTES) return null;
  const offset = a.next;
  a.next += Math.ceil(bytes / ALIGN) * ALIGN;
  return { buffer: a.buffer, offset };
}

/**
 * A zeroed Float64Array of `length`, in the kernels' memory when it has room (a kernel can then work
 * on it), else an ordinary one. Never freed: for arrays kept for the thread's life (plans, scratch).
 */
export function arenaFloat64(length: number): Float64Array {
  // An empty array needs no arena (a scratch starts empty: importing a module opens nothing).
  const place = length > 0 ? arenaBytes(length * 8) : null;
  return place ? new Float64Array(place.buffer, place.offset, length) : new Float64Array(length);
}

/** `arenaFloat64` for Float32Array. */
export function arenaFloat32(length: number): Float32Array {
  const place = length > 0 ? arenaBytes(length * 4) : null;
  return place ? new Float32Array(place.buffer, place.offset, length) : new Float32Array(length);
}

/**
 * A call site's scratch (see `Scratch`) in the kernels' memory. A scratch that grows leaves its
 * smaller block behind (the arena frees nothing): at most about twice its largest size more.
 */
export const arenaFloat64Scratch = (): Scratch<Float64Array> => new Scratch(arenaFloat64);
/** `arenaFloat64Scratch` for Float32Array (the correlation's tracks). */
export const arenaFloat32Scratch = (): Scratch<Float32Array> => new Scratch(arenaFloat32);

/** The kernels, when they are on and every array given lives in their memory; else null. */
export function kernelsFor(...arrays: readonly (Float64Array | Float32Array)[]): DspKernels | null {
  if (!enabled) return null;
  const a = theArena();
  if (!a) return null;
  for (const array of arrays) if (array.buffer !== a.buffer) return null;
  dispatches++;
  return a.kernels;
}

/**
 * Turns the kernels off or on for this thread, for tests and benchmarks that compare both paths
 * (PRESENCE_SIMD=0 at start keeps them off for good). Returns the previous setting.
 */
export function useSimdKernels(on: boolean): boolean {
  const previous = enabled;
  enabled = on && !disabledByEnvironment;
  return previous;
}

/** Whether the kernels run on this thread: on, and the runtime took the module. */
export function simdKernelsActive(): boolean {
  return enabled && theArena() !== null;
}

/** How many times a kernel was handed work on this thread. */
export function kernelDispatches(): number {
  return dispatches;
}

/** Bytes of the arena handed out on this thread (0 without one). */
export function arenaBytesInUse(): number {
  return arena ? arena.next - ALIGN : 0;
}
