import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper, typed by its JSDoc only
import { compileKernels } from '../../../scripts/compile-kernels.mjs';
import { DSP_KERNELS_WASM_BASE64 } from './dsp-kernels.wasm';

describe('dsp-kernels.wasm.ts', () => {
  it('holds exactly what dsp-kernels.wat compiles to (run build:kernels after editing the source)', async () => {
    const source = readFileSync(fileURLToPath(new URL('./dsp-kernels.wat', import.meta.url)), 'utf8');
    const compiled = (await compileKernels(source)) as Uint8Array;
    expect(Buffer.from(compiled).toString('base64')).toBe(DSP_KERNELS_WASM_BASE64);
    expect(compiled.length).toBeGreaterThan(1000);
  });
});
