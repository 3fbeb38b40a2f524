import fc from 'fast-check';

// Property tests draw their cases from one fixed seed, so every run of the suite (a developer's,
// CI's) tries the same cases: a counterexample met by chance would otherwise fail one CI run and
// pass the next, and say nothing about the change under test. To look for new counterexamples,
// run with FC_SEED=random (fast-check prints the seed of any failure; FC_SEED=<that seed> replays it)
// and pin what it finds as an `examples` entry of its property.
const chosen = process.env.FC_SEED;
if (chosen !== 'random') fc.configureGlobal({ seed: chosen ? Number(chosen) : 20_261_128 });
