/**
 * Measurement records and their files: typed, validated readers and writers for every trace
 * kind scalecast uses ({@link io.scalecast.trace.TraceKind}: ping-pong, swap, swap summary,
 * b_eff, b_eff summary, dgemm, application runs, key/value summaries), on top of
 * {@link io.scalecast.trace.CsvTable} and {@link io.scalecast.trace.Provenance}.
 *
 * <p>Reading: {@code PingPongTrace.read(path)}, {@code BeffTrace.read(path)}, {@code DgemmTrace.read(path)},
 * {@code SwapTrace.read(path)}, … return records whose values carry units in their names. Any
 * problem in a file (missing column, text in a number column, negative size, repeated key,
 * wrong kind) is a {@link io.scalecast.util.ScalecastException#badInput(String, int, String)}
 * naming file and line and what was expected. Writing: build the record and call
 * {@code write(path)}; rows are sorted by the kind's key, so the same data give the same bytes.
 * The schemas are documented in {@code traces/README.md}. Importers for third-party tools'
 * outputs live in {@code io.scalecast.trace.importer}.
 */
package io.scalecast.trace;
