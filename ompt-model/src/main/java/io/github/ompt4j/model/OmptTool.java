package io.github.ompt4j.model;

/**
 * A tool: the Java form of the {@code ompt_tool} symbol and of the initializer it returns.
 *
 * <p>Tools are found by {@link java.util.ServiceLoader} (a {@code META-INF/services} entry for this
 * interface plays the part of a tool-provided {@code ompt_tool}) or named explicitly by the agent's
 * {@code tool=} option. The runtime first asks {@link #accept()}; a tool that answers {@code false}
 * declines, like an {@code ompt_tool} that returns {@code NULL}. It then calls
 * {@link #initialize} once, before any construct runs. A tool whose {@code accept} or {@code initialize}
 * throws, or whose provider cannot be created, is left out with one warning; the other tools and the
 * application run on.
 */
public interface OmptTool {

    /** Whether the tool registers itself; {@code false} declines (C's {@code NULL} initializer). */
    default boolean accept() {
        return true;
    }

    /**
     * Look up the OMPT functions the tool needs and register callbacks. {@code ompt_set_callback}
     * works only during this call.
     *
     * @param lookup         finds OMPT functions by name ({@code "ompt_get_thread_id"} ...)
     * @param runtimeVersion identifies this runtime, for example {@code "ompt4j 0.1.0 (JVM 17.0.15)"}
     * @param omptVersion    the OMPT interface version: 2 (TR2)
     */
    void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion);
}
