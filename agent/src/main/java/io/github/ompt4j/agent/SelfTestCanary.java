package io.github.ompt4j.agent;

/**
 * The start-up self-test's target. The installer weaves {@link #woven()} to return {@code true}; if it
 * still answers {@code false} after installation, Byte Buddy failed silently (as it does when, say, a
 * class-file version is too new for it) and the agent says so instead of letting the application run
 * uninstrumented without a word.
 */
public final class SelfTestCanary {
    private SelfTestCanary() {
    }

    public static boolean woven() {
        return false;
    }
}
