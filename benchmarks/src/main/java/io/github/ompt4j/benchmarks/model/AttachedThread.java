package io.github.ompt4j.benchmarks.model;

import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/** The state of a benchmark that runs on an OMPT thread: its own thread, attached for the whole trial. */
public abstract class AttachedThread {
    protected OmptThread thread;

    @Setup(Level.Trial)
    public void attach() {
        thread = OmptThreads.currentOrAttach(OmptThreadType.OTHER);
    }

    @TearDown(Level.Trial)
    public void detach() {
        OmptThreads.detach();
    }
}
