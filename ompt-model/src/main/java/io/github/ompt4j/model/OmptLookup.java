package io.github.ompt4j.model;

/**
 * {@code ompt_function_lookup_t}: finds an OMPT function by its name. The result is one of the
 * interfaces in {@link OmptApi}; cast it to the one the name stands for, as C casts the
 * {@code ompt_interface_fn_t} it gets. Unknown names, and functions this runtime does not have (the
 * target-device functions), give {@code null}.
 */
@FunctionalInterface
public interface OmptLookup {
    OmptApi lookup(String name);
}
