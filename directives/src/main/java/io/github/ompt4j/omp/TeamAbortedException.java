package io.github.ompt4j.omp;

/**
 * Thrown out of a wait (barrier, taskwait, ordered, ...) when another member of the team failed, so that
 * no member waits for a partner that will never come. The runtime never reports it as a failure of its
 * own: the encountering thread receives the exception that caused the abort. There is one instance,
 * {@link Team#ABORTED}, without a stack trace.
 */
final class TeamAbortedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TeamAbortedException() {
        super("another member of the team failed; this member was released from its wait", null, false, false);
    }
}
