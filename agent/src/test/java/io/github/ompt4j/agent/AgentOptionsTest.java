package io.github.ompt4j.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void anEntryNamedTwiceCountsOnce() {
        AgentOptions options = AgentOptions.parse("tool=print+com.example.Tool+print,adapters=directives+directives");
        assertEquals(List.of("print", "com.example.Tool"), options.tools);
        assertEquals(List.of("directives"), options.adapters);
    }

    @Test
    void anEmptyEntryIsABadValueWhereverItIs() {
        for (String args : new String[] {"tool=", "tool=print+", "tool=+print", "tool=print++x.Y", "adapters=",
            "adapters=directives+"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(args));
            assertTrue(e.getMessage().endsWith("' has an empty entry"), args + ": " + e.getMessage());
        }
    }

    @Test
    void noOptionsMeansTheDefaults() {
        AgentOptions options = AgentOptions.parse("");
        assertEquals(List.of(), options.tools);
        assertEquals(AgentOptions.ADAPTERS, options.adapters);
        assertEquals("warn", options.log);
    }
}
