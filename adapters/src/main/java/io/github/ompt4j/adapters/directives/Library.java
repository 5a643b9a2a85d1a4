package io.github.ompt4j.adapters.directives;

import io.github.ompt4j.adapters.weave.Value;

/**
 * The directive library's names that the weavings read, in one place: internal class names, and values
 * read the same way by several weavings. {@code DirectivesWeavingTest} checks each against the library by
 * reflection, so a rename fails a unit test.
 */
final class Library {
    static final String OBJECT = "Ljava/lang/Object;";
    static final String TOOL_DATA = "toolData";
    static final String TEAM = "io/github/ompt4j/omp/Team";
    static final String MUTEX = "io/github/ompt4j/omp/Mutex";
    static final String EXPLICIT_TASK = "io/github/ompt4j/omp/ExplicitTask";
    static final String LOCK_HINT_TYPE = "io/github/ompt4j/omp/LockHint";
    static final String SCHEDULE_KIND = "io/github/ompt4j/omp/Schedule$Kind";

    /** A loop's resolved schedule as its {@code omp_sched_t} code. */
    static final Value SCHEDULE_CODE = Value.field("kind").call(SCHEDULE_KIND, "code", "I");
    /** The ID of a lock's mutex, its OMPT wait ID. */
    static final Value LOCK_ID = Value.field("mutex").get(MUTEX, "id", "J");
    static final Value LOCK_HINT = Value.field("hint").call(LOCK_HINT_TYPE, "code", "I");
    static final Value ATOMIC_ID = Value.field("MUTEX").get(MUTEX, "id", "J");
    /** Whether the calling thread holds a lock's mutex, read as a release starts: a thread that does not gets an exception. */
    static final Value LOCK_OWNED = Value.field("mutex").call(MUTEX, "isHeldByCurrentThread", "Z");
    /** An explicit task's tool slot, which it inherits from {@code Task}. */
    static final Value TASK_DATA = Value.inheritedField(TOOL_DATA, OBJECT);

    private Library() {
    }
}
