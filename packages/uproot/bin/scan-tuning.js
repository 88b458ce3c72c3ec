// The V8 flags `uproot scan` sets for itself (bin/uproot.js), for the V8 the running Node ships.
//
// A scan runs for a second or two: V8's default tiering sends hundreds of functions to its optimizing compiler,
// whose threads then compete with the two that walk, read and match for a two-core machine's cores. A larger
// interrupt budget optimizes only what stays hot (Node 20, four-repository bench tree, 6 alternating runs: median
// 1.79 -> 1.55 s, total CPU 2.99 -> 2.47 s; real-user tree 0.76 -> 0.65 s).
//
// Only V8 11 (Node 20) has `--interrupt-budget`: V8 12 (Node 22) and 13 (Node 24) count invocations instead, and
// an unknown flag is not an exception there but an "Error: unrecognized flag" line V8 prints on stderr for every
// scan. Their tiering was not measured for scans, so they keep V8's own.

/** The flags for V8 `version` (`process.versions.v8`): none where the tuning was not measured. */
export function scanV8Flags(version) {
  const major = Number.parseInt(String(version).split('.')[0] ?? '', 10);
  return major === 11 ? ['--interrupt-budget=800000'] : [];
}
