package io.github.ompt4j.agent.invariants;

/** One invariant's bookkeeping over a trace: each event in print order, then the end of the trace. */
interface Check {
    void event(TraceEvent e);

    /** The trace ended: report what was begun and never ended. */
    void finish();
}
