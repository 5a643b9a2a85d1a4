package io.github.ompt4j.agent.inspect;

import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * The MXBean's name, apart from the MXBean itself: the commands that read it run where the model's classes are
 * not loadable (they travel nested in the agent jar, for the bootstrap class path), so they must not load
 * {@link OmptMBean}.
 */
final class OmptObjectName {
    static final String NAME = "io.github.ompt4j:type=Ompt";

    private OmptObjectName() {
    }

    static ObjectName get() {
        try {
            return new ObjectName(NAME);
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }
}
