package io.github.ompt4j.agent;

/**
 * The self-test's target, never loaded by the agent itself. When Byte Buddy is set up, the installer
 * weaves this class's file so that {@link #woven()} would return {@code true}; if no woven copy comes
 * out, Byte Buddy failed silently (as it does when, say, a class-file version is too new for it) and the
 * agent says so instead of letting the application run uninstrumented without a word.
 */
public final class SelfTestCanary {
    private SelfTestCanary() {
    }

    public static boolean woven() {
        return false;
    }
}
