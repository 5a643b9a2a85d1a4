package io.github.ompt4j.adapters.weave;

import java.util.List;

/** The weaving of one target type, matched by its name: which hooks go into which of its methods. */
public interface TypeWeaving {
    /** The fully qualified name of the woven type. */
    String typeName();

    /** The methods woven, each with its hooks. */
    List<MethodWeaving> methods();
}
