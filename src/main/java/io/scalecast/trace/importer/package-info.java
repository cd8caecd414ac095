/**
 * Importers for what HPC people already run: NetPIPE ({@code np.out}, 3.x and 4.x/5.x), IMB-MPI1
 * (PingPong, Sendrecv, Exchange), OSU Micro-Benchmarks ({@code osu_latency}, {@code osu_bw}, 5.x
 * and 7.x) and HPCC ({@code hpccoutf.txt}). Each turns a tool's own output into a typed trace of
 * {@link io.scalecast.trace} with provenance (tool and version as far as the file tells, input
 * path and SHA-256, command; never the import date, so equal inputs give equal outputs). Parsers
 * read the whole file before anything is written; every problem is a bad-input error naming the
 * file and line and what was expected.
 */
package io.scalecast.trace.importer;
