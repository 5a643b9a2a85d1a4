package io.github.ompt4j.agent;

/**
 * The self-test's target, never loaded by the agent's own loader for use. At start-up the installer
 * weaves this class's file so that {@link #woven()} returns what {@link #affirm} says, defines the woven
 * copy in a throwaway loader (so the JVM verifies it) and calls it: {@code true} proves that the weaver
 * works on this JVM, instead of letting the application run uninstrumented without a word.
 */
public final class SelfTestCanary {
    private SelfTestCanary() {
    }

    public static boolean woven() {
        return false;
    }

    /** The hook the self-test weaves into {@link #woven()}'s return. */
    public static boolean affirm(boolean original) {
        return !original;
    }
}
