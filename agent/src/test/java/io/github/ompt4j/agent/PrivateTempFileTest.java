package io.github.ompt4j.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The names the start's sweep deletes when their process is gone: exactly {@code <prefix>-<pid>-<n><suffix>}. */
class PrivateTempFileTest {

    @Test
    void aCopysNameGivesItsProcessAndNothingElseDoes() {
        assertEquals(4711, PrivateTempFile.pidOf("ompt4j-model-4711-123456789.jar", "ompt4j-model", ".jar"));
        assertEquals(999999999999999999L,
                PrivateTempFile.pidOf("ompt4j-model-999999999999999999-1.jar", "ompt4j-model", ".jar"));
        for (String other : new String[] {"ompt4j-model-1234567890123456789-1.jar", "ompt4j-model-12a-1.jar",
                "ompt4j-model-1-2-3.jar", "ompt4j-model--1.jar", "ompt4j-model-1-.jar", "ompt4j-model-1.jar",
                "ompt4j-modelx-1-2.jar", "ompt4j-model-1-2.so", "ompt4j-model-.jar", "ompt4j-model.jar",
                "other-1-2.jar", ""}) {
            assertEquals(-1, PrivateTempFile.pidOf(other, "ompt4j-model", ".jar"), other);
        }
    }
}
