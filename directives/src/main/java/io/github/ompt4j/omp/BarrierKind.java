package io.github.ompt4j.omp;

/** Why a team waits at a barrier; OMPT reports the kinds differently. */
enum BarrierKind {
    /** The end of a parallel region: a member that arrives here leaves the region. */
    IMPLICIT_PARALLEL,
    /** The end of a worksharing construct without {@code nowait}, or a reduction's combine step. */
    IMPLICIT_WORKSHARE,
    /** {@link Omp#barrier()}. */
    EXPLICIT
}
