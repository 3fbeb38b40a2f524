// Compiles src/dsp/kernels/dsp-kernels.wat into dsp-kernels.wasm.ts (the module's bytes as base64,
// so that every bundler and `tsx` load it without a file next to the code). The test
// `kernels-source.test.ts` compiles the source again and fails when the two differ.
// Run: npm run build:kernels --workspace @rollbook/presence
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileKernels } from './compile-kernels.mjs';

const source = fileURLToPath(new URL('../src/dsp/kernels/dsp-kernels.wat', import.meta.url));
const target = fileURLToPath(new URL('../src/dsp/kernels/dsp-kernels.wasm.ts', import.meta.url));
const bytes = await compileKernels(readFileSync(source, 'utf8'));
writeFileSync(
  target,
  [
    '// Generated from dsp-kernels.wat by scripts/build-kernels.mjs: do not edit.',
    `export const DSP_KERNELS_WASM_BASE64 =\n  '${Buffer.from(bytes).toString('base64')}';`,
    '',
  ].join('\n'),
);
console.log(`dsp-kernels.wasm.ts: ${bytes.length} bytes`);
