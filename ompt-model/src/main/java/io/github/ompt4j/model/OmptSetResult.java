package io.github.ompt4j.model;

/** The return codes of {@code ompt_set_callback} (the spec's table 6, codes 0 to 4). */
public enum OmptSetResult {
    /** Registration error: outside {@code initialize}, an unknown event, or a callback of the wrong type. */
    ERROR(0),
    /** The event may occur, but no callback is possible. */
    NO_CALLBACK(1),
    /** The event never occurs in this runtime. */
    NEVER(2),
    /** The event may occur; the callback is invoked when convenient. */
    SOMETIMES(3),
    /** The event may occur; the callback is always invoked when it does. */
    ALWAYS(4);

    private final int code;

    OmptSetResult(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** Whether a callback registered with this answer is kept and may be called. */
    public boolean registers() {
        return this == SOMETIMES || this == ALWAYS;
    }
}
