package io.github.ompt4j.profile;

/** The heap a fold runs in, in the words of a message that says it was too small. */
final class HeapLimit {
    private HeapLimit() {
    }

    /** {@code this JVM's heap (at most 256 MB)}. */
    static String describe() {
        long max = Runtime.getRuntime().maxMemory();
        return max == Long.MAX_VALUE ? "this JVM's heap" : "this JVM's heap (at most " + (max >> 20) + " MB)";
    }
}
