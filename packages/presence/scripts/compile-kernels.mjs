// The one way the kernels' text becomes bytes (the build script and the test that holds the
// committed bytes to the source both use it).
import initWabt from 'wabt';

/** @param {string} text WebAssembly text of dsp-kernels.wat @returns {Promise<Uint8Array>} */
export async function compileKernels(text) {
  const wabt = await initWabt();
  const module = wabt.parseWat('dsp-kernels.wat', text, { simd: true });
  try {
    module.validate();
    return new Uint8Array(module.toBinary({}).buffer);
  } finally {
    module.destroy();
  }
}
