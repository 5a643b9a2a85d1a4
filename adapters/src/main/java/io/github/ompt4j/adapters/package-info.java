/**
 * The weavings that make Java's parallel frameworks report OMPT events.
 *
 * <p><b>Shape.</b> An {@link io.github.ompt4j.adapters.Adapter} is a group of
 * {@link io.github.ompt4j.adapters.weave.TypeWeaving}s that switches on and off as a unit (the agent's
 * {@code adapters=} option). Each weaving covers one target type, matched by name, and inserts calls to
 * hooks that live on the bootstrap class path ({@code io.github.ompt4j.hooks}, one package per
 * framework), where all logic is. Names read from a woven type (methods, fields) are checked against
 * the real classes by unit tests, so a rename fails at build time, and at weave time a missing one
 * disables the adapter with a warning naming it and the JVM. An adapter's name is its {@code NAME} constant;
 * the agent's {@code Adapters} table has a row per adapter that {@code adapters=} can choose.
 *
 * <p><b>Never break the application.</b> Woven code catches whatever a hook throws and reports it to the
 * weaving adapter's {@link io.github.ompt4j.hooks.AdapterHealth}, whose first failure disables the adapter with one
 * warning, because a half-reported framework would give tools unmatched begin and end events. Begin
 * hooks return whether they reported, and woven code hands that to the end hook. Without a tool (and
 * without the Collector API) every hook returns after two volatile reads.
 */
package io.github.ompt4j.adapters;
