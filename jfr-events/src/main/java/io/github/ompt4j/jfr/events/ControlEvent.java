package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Unsigned;

/**
 * The program called {@code omp_control_tool} ({@code Ompt.control}): start, pause, flush, stop, or a
 * tool-specific command. Rare, so it keeps its stack trace: where the program asked.
 */
@Name(ControlEvent.NAME)
@Label("Tool Control")
@Category(OmptCategories.ROOT)
@Description("The program called omp_control_tool / Ompt.control; the stack trace shows where.")
public final class ControlEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.Control";

    @Label("Command")
    @Description("start, pause, flush, stop, or tool_specific.")
    public String commandName;

    @Label("Command Code")
    @Description("1 start, 2 pause, 3 flush, 4 stop, 64 and up tool-specific.")
    @Unsigned
    public long command;

    @Label("Modifier")
    @Description("The command's modifier, as the program passed it.")
    public long modifier;
}
