/**
 * The {@code directives} adapter: the bundled directive library woven into full OMPT, one weaving per
 * library type, at the weave points the library's own package note lists. {@link
 * io.github.ompt4j.adapters.directives.Library} holds every name read from the library, and
 * {@code DirectivesWeavingTest} weaves each type from its class file, so a rename in the library fails a
 * unit test. The hooks are in {@code io.github.ompt4j.hooks.directives}.
 */
package io.github.ompt4j.adapters.directives;
