package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.ompt4j.jfr.events.TaskEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link EventStack}'s levels: each has its event before it is first opened, so opening a level never creates
 * or stores one (the compiled callers' speculation on that store failed as a thread first nested deeper).
 */
class EventStackTest {
    private final List<TaskEvent> created = new ArrayList<>();
    private final EventStack<TaskEvent> stack = new EventStack<>(this::create, new TaskEvent[4]);

    private TaskEvent create() {
        TaskEvent e = new TaskEvent();
        created.add(e);
        return e;
    }

    /** Opens {@code levels} levels and closes them again. */
    private void nest(int levels) {
        for (int i = 0; i < levels; i++) {
            stack.open();
        }
        for (int i = 0; i < levels; i++) {
            stack.end();
        }
    }

    @Test
    void everyLevelHasItsEventBeforeItIsFirstOpened() {
        assertEquals(4, created.size(), "the stack is built with an event for each of its four levels");
        nest(4);
        assertEquals(4, created.size(), "opening the four levels created none");
    }

    @Test
    void outgrowingTheLevelsDoublesThemAndGivesEachNewLevelItsEventAtOnce() {
        nest(5);
        assertEquals(8, created.size(), "the fifth level made eight, each with its event");
        nest(8);
        assertEquals(8, created.size(), "opening all eight created none");
        nest(9);
        assertEquals(16, created.size());
    }

    @Test
    void theInnermostLevelIsTheLastOpenedBegunOrNot() {
        assertNull(stack.innermost(), "no level open");
        stack.open();
        assertSame(created.get(0), stack.innermost());
        stack.open();
        assertSame(created.get(1), stack.innermost(), "a level opened without beginning is the innermost too");
        stack.end();
        assertSame(created.get(0), stack.innermost());
        stack.end();
        assertNull(stack.innermost());
    }
}
