package io.github.ompt4j.model;

/** One dependence of a task ({@code ompt_task_dependence_t}): the object it is on, and its type. */
public final class OmptDependence {
    private final Object variable;
    private final OmptDependenceType type;

    public OmptDependence(Object variable, OmptDependenceType type) {
        this.variable = variable;
        this.type = type;
    }

    /** The object the dependence is on (C passes its address). */
    public Object variable() {
        return variable;
    }

    public OmptDependenceType type() {
        return type;
    }
}
