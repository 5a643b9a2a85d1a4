/**
 * The OpenMP-like directive library. It knows nothing about OMPT and runs at full speed without the
 * agent.
 */
package io.github.ompt4j.omp;
