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
 * Marks a field that holds a wait ID: the same value in two events names the same thing. JFR keeps the
 * annotation in the recording's metadata only because of {@link MetadataDefinition}; {@link Relational}
 * tells readers ({@code jfr metadata}, JDK query tools) that it joins events.
 */
@MetadataDefinition
@Relational
@Name("ompt.WaitId")
@Label("Wait ID")
@Description("The ID of the object a thread waits for or holds: a lock, a critical or atomic construct, the region of an ordered construct or a barrier, the task a taskwait awaits.")
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
public @interface WaitId {
}
