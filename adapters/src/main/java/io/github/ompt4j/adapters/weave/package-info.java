/**
 * A small weaver on ASM: it inserts static calls to hooks into the methods of named types, and nothing
 * else.
 *
 * <p><b>Why not Byte Buddy.</b> The agent weaves JDK classes that every program loads at start-up
 * ({@code java.util.stream.AbstractPipeline}, the locks), so whatever the weaver costs to start, every
 * JVM under the agent pays. Byte Buddy's agent builder loaded about 1,800 classes before it wove its
 * first type (+0.8 s on the Mandelbrot demo); this weaver loads ASM's reader, writer and a few adapters.
 *
 * <p><b>Shape.</b> A {@link io.github.ompt4j.adapters.weave.TypeWeaving} names a type and lists
 * {@link io.github.ompt4j.adapters.weave.MethodWeaving}s: for the methods of one name, an enter
 * {@link io.github.ompt4j.adapters.weave.Hook} and an exit hook, each a public static method of a hook
 * class with the {@link io.github.ompt4j.adapters.weave.Value}s to pass (this, arguments, fields read by
 * name from the class file, the returned value, the exception, the enter hook's result). Woven code is
 * only loads and a call, so all logic is in the hooks; types are checked when a class is woven, and a
 * mismatch (a JDK that renamed a field, changed a parameter) disables the adapter with a warning naming
 * the method and the JVM, instead of weaving code that would fail later.
 *
 * <p><b>Rules the generated code keeps.</b> No class, field or method is added, so classes can be
 * retransformed. Frames are kept from the class file (read expanded) and never recomputed, which would
 * load classes. New frames are the handler of an exit hook that also runs on exceptions (the last entry of
 * the exception table, so the method's own handlers come first, and it rethrows), and each hook call's guard:
 * a handler that reports what the hook threw to the adapter's health and goes on as if the hook returned
 * zero. The guards are the first entries of the exception table, so no handler of the method ever sees a
 * hook's failure; hooks hold no {@code try}/{@code catch}. Every new frame is the method's entry frame (its
 * parameters plus our locals, set before the body), which holds wherever a hook runs in code as javac writes
 * it, so no instruction of the method is analysed: a woven class costs a read and a write of its woven
 * methods (the others are copied as they are).
 *
 * <p><b>Once per build.</b> Given a {@link io.github.ompt4j.adapters.weave.WovenClassCache}, the weaver keeps what
 * it wove and what it checked, and a later JVM takes the woven class from it instead of weaving: the output depends
 * on the class file, the adapters and whether the class was loaded already, and on nothing else.
 */
package io.github.ompt4j.adapters.weave;
