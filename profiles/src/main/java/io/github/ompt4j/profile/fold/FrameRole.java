package io.github.ompt4j.profile.fold;

/** What a raw frame is to the user model. */
enum FrameRole {
    /** The program's own code. */
    USER,
    /** A runtime's frame: the pool, the stream framework, the directive library, our hooks, the profiler. */
    RUNTIME,
    /** A JDK frame: the program's when the program called it, the runtime's when a runtime did. */
    JDK,
    /** A lambda's generated class or a thread's start frame, dropped; a lambda of the program's own classes
     *  hands the call back to the program, one of a runtime's to that runtime. */
    GLUE_USER,
    GLUE_RUNTIME,
    GLUE_JDK,
    /** A native, C++ or kernel frame: only the machine view shows it. */
    NATIVE
}
