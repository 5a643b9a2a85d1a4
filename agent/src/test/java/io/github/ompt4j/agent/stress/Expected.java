package io.github.ompt4j.agent.stress;

/** The failure the mix throws on purpose, to exercise every framework's exceptional path under the agent. */
final class Expected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Expected() {
        super("thrown on purpose", null, false, false);
    }

    /** True if {@code t} is, or was caused by, an exception thrown on purpose (a framework may wrap or copy it). */
    static boolean causes(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof Expected) {
                return true;
            }
        }
        return false;
    }
}
