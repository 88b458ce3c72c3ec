// The V8 flags `uproot scan` sets for itself (bin/uproot.js), for the V8 the running Node ships.
//
// A scan runs for a second or two: V8's default tiering sends hundreds of functions to its optimizing compiler,
// whose threads then compete with the two that walk, read and match for a two-core machine's cores. Raising the
// bar for optimizing (about six times V8's default) optimizes only what stays hot:
// - V8 11 (Node 20): a larger interrupt budget (four-repository bench tree, 6 alternating runs: median
//   1.79 -> 1.55 s, total CPU 2.99 -> 2.47 s; real-user tree 0.76 -> 0.65 s).
// - V8 12 (Node 22) has no interrupt budget (an unknown flag is not an exception there but an "Error: unrecognized
//   flag" line V8 prints on stderr for every scan): it counts invocations, so the TurboFan and on-stack-replacement
//   counts are raised instead (defaults 3000 and 800). Node 22.23.5, quiet alternating rounds, the flags set as
//   bin/uproot.js sets them: four-repository tree 1.54 -> 1.34 s (8 rounds), real-user tree 587 -> 551 ms (8 rounds).
// - V8 13 (Node 24) keeps its own tiering: the same counts did not change the four-repository tree (1,471 against
//   1,468 ms), and raising Maglev's counts too (Node 24 runs Maglev by default) gave 4% there and nothing on real-user,
//   inside this machine's noise (session 40).

const SIX_TIMES = {
  11: ['--interrupt-budget=800000'],
  12: ['--invocation-count-for-turbofan=18000', '--invocation-count-for-osr=4800'],
};

/** The flags for V8 `version` (`process.versions.v8`): none for a V8 the tuning was not measured on. */
export function scanV8Flags(version) {
  const major = Number.parseInt(String(version).split('.')[0] ?? '', 10);
  return SIX_TIMES[major] ?? [];
}
