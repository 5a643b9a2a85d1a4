package io.github.ompt4j.adapters.weave;

import java.util.ArrayList;
import java.util.List;

/** The weaving of one target type, matched by its name: which hooks go into which of its methods. */
public interface TypeWeaving {
    /** The fully qualified name of the woven type. */
    String typeName();

    /** The methods woven, each with its hooks. */
    List<MethodWeaving> methods();

    /**
     * Fields to add, each {@code public transient}, where hooks keep per-object data (OMPT's {@code ompt_data_t} of
     * a task, an {@code Object}; a count, an {@code int}). A class can gain fields only when it is first loaded: a
     * type with added fields that was loaded before the agent started is woven without them if its hooks do
     * without them then ({@link #addedFieldsOptional}), else not woven, and its adapter disabled.
     * Public, so that hooks reach them with a public-lookup {@code VarHandle}; transient, because the
     * JDK's task types and {@code Semaphore} are serializable.
     */
    default List<AddedField> addedFields() {
        return List.of();
    }

    /** Whether the hooks find out that the {@link #addedFields} are missing, and do without them. */
    default boolean addedFieldsOptional() {
        return false;
    }

    /** Whether some supported JDKs do not have the type (it is then simply never woven there). */
    default boolean optional() {
        return false;
    }

    /**
     * The same weaving for each of {@code typeNames}: types that share the methods woven (no added fields). Loops,
     * not streams: adapters are made in premain, where a stream pipeline's first use loads the stream framework
     * (and so weaves its {@code AbstractPipeline} for the streams adapter) and links a lambda or two.
     */
    static List<TypeWeaving> each(List<String> typeNames, List<MethodWeaving> methods) {
        List<TypeWeaving> each = new ArrayList<>(typeNames.size());
        for (String name : typeNames) {
            each.add(new TypeWeaving() {
                @Override
                public String typeName() {
                    return name;
                }

                @Override
                public List<MethodWeaving> methods() {
                    return methods;
                }
            });
        }
        return List.copyOf(each);
    }

    /** The weavings of {@code first}, then those of {@code then}. */
    static List<TypeWeaving> concat(List<? extends TypeWeaving> first, List<? extends TypeWeaving> then) {
        List<TypeWeaving> all = new ArrayList<>(first);
        all.addAll(then);
        return List.copyOf(all);
    }
}
