package io.github.ompt4j.profile.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The writer the report's JSON goes through: separators, lines, and strings that cannot end a script. */
class JsonWriterTest {
    @Test
    void commasColonsAndLinesArePlacedByTheWriter() throws Exception {
        StringWriter s = new StringWriter();
        new JsonWriter(s).beginObject().field("a", 1).name("b").beginArrayByLines().beginObject().field("c", "d")
                .endObject().beginArray().value(true).number("1.5").endArray().endArray().name("e").beginArray()
                .endArray().endObject();
        assertEquals("{\"a\":1,\"b\":[\n{\"c\":\"d\"},\n[true,1.5]\n],\"e\":[]}", s.toString());
    }

    @Test
    void stringsAreEscapedSoThatNoneEndsAScriptElement() throws Exception {
        StringWriter s = new StringWriter();
        new JsonWriter(s).value("q\"b\\</script>&\n\u2028ok");
        assertEquals("\"q\\\"b\\\\\\u003c/script\\u003e\\u0026\\u000a\\u2028ok\"", s.toString());
    }
}
