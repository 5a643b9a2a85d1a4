/**
 * The EPCC OpenMP micro-benchmarks (syncbench, schedbench, taskbench) on the directive library, as JMH
 * benchmarks that {@code benchmarks/epcc-compare.sh} compares, construct by construct, with the C program
 * {@code benchmarks/c/epcc.c} under a C OpenMP runtime on the same machine. Both sides share the delay loop and
 * the repetition counts ({@code Epcc}), and an overhead is a score minus its reference (the delay alone), as
 * EPCC computes it.
 */
package io.github.ompt4j.benchmarks.epcc;
