/**
 * HPL (High-Performance Linpack) prediction: HPL.dat / hpccinf.txt input, the block-cyclic
 * distribution, a skeleton of HPL's right-looking LU (panel factorisation with per-column
 * pivot exchanges, panel broadcasts BCAST 0–5, look-ahead, row swapping, update, back
 * substitution) that runs on simulated MPI ({@link io.scalecast.sim.Comm}), the kernel-rate
 * model that turns flops into seconds from {@code measure dgemm} traces, HPL's own analytic
 * model (scalability page) for comparison, and the search behind {@code tune hpl}.
 * Algorithm facts: notes/benchmarks.md §3 (HPL 2.x source and www pages).
 */
package io.scalecast.app.hpl;
