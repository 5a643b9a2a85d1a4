package io.github.ompt4j.adapters.weave;

/**
 * A field the weaving adds to a type ({@link TypeWeaving#addedFields}): its name and its type's descriptor, an
 * {@code Object} for data the hooks keep per object, an {@code int} for a count they keep per object.
 */
public record AddedField(String name, String descriptor) {
    /** A {@code public transient Object} field. */
    public static AddedField object(String name) {
        return new AddedField(name, "Ljava/lang/Object;");
    }

    /** A {@code public transient int} field. */
    public static AddedField count(String name) {
        return new AddedField(name, "I");
    }
}
