/**
 * SimGrid's time-independent (TI) traces: the format {@code smpirun -trace-ti} writes and {@code smpireplaymain}
 * replays (SimGrid 3.32), and the trace folders scalecast records and replays ({@code docs/trace.md}).
 *
 * <p>A trace folder holds a list file (one rank file per line, in rank order), one file per rank whose lines are
 * {@code <rank> <action> <arguments…>}, and {@code trace.json} ({@link io.scalecast.trace.ti.TraceMeta}: what the
 * format cannot say). {@link io.scalecast.trace.ti.TiParser} reads one line into a {@link io.scalecast.trace.ti.TiAction}
 * with the grammar of SimGrid 3.32's {@code src/smpi/internals/smpi_replay.cpp}; {@link io.scalecast.trace.ti.TiReader}
 * streams one rank's file; {@link io.scalecast.trace.ti.TiTrace} opens a folder and checks every file before anything
 * is simulated. Counts are converted to bytes once, here ({@link io.scalecast.trace.ti.TiDatatype}).
 */
package io.scalecast.trace.ti;
