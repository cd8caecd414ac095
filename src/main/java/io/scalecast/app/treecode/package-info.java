/**
 * The PKDGRAV-like tree code: deterministic particle sets ({@link io.scalecast.app.treecode.Particles}),
 * the same ORB decomposition, local and top trees and per-bucket walk as the real MPI tree code
 * {@code src/main/c/treecode.c} (so interaction counts and cache traffic are equal, not estimated),
 * a per-interaction cost model anchored on a 1-rank real run, and the skeleton that simulates a
 * step on a SimGrid platform. The shared algorithm and the file format are in {@code docs/treecode.md}.
 */
package io.scalecast.app.treecode;
