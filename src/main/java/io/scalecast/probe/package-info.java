/**
 * Running real measurements: launches the C+MPI probes built into {@code target/probes}
 * ({@code sc_pingpong}, {@code sc_swap}, {@code sc_beff}, {@code sc_dgemm}) through a
 * {@link io.scalecast.probe.Launch} (mpirun locally, with a hostfile, or wrapped by the testbed),
 * parses their line protocol and turns it into trace tables with provenance (host, MPI version,
 * date, exact command, placement, load average).
 *
 * <p>The probes print, on rank 0, {@code # key: value} info lines and records whose first word
 * names the record kind ({@code PP}, {@code SWAP}, {@code BEFF}, {@code DGEMM}). Aggregations
 * that are formulas (b_eff's averages, PSTSWM's summary) are computed here in Java, where they are
 * unit-tested, rather than in C.
 */
package io.scalecast.probe;
