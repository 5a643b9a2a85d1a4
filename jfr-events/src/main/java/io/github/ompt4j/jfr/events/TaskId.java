package io.github.ompt4j.jfr.events;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.MetadataDefinition;
import jdk.jfr.Name;
import jdk.jfr.Relational;

/**
 * Marks a field that holds a task ID: the same value in two events names the same thing. JFR keeps the
 * annotation in the recording's metadata only because of {@link MetadataDefinition}; {@link Relational}
 * tells readers ({@code jfr metadata}, JDK query tools) that it joins events.
 */
@MetadataDefinition
@Relational
@Name("ompt.TaskId")
@Label("Task ID")
@Description("The ID of a task: initial (ompt.InitialTask), implicit (ompt.ImplicitTask) or explicit (ompt.TaskCreate, ompt.Task); parent task IDs point at the same events.")
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
public @interface TaskId {
}
