package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.user.Caller;
import org.junit.jupiter.api.Test;

class CallSitesTest {

    @Test
    void aPlaceGetsOneStableNonZeroTokenThatDescribesIt() {
        long a = CallSites.token("com.example.Report", "build", "Report.java", 42);
        assertNotEquals(0, a);
        assertEquals(a, CallSites.token("com.example.Report", "build", "Report.java", 42));
        assertNotEquals(a, CallSites.token("com.example.Report", "build", "Report.java", 43));
        assertEquals("com.example.Report.build(Report.java:42)", CallSites.describe(a));
        assertNull(CallSites.describe(0));
        assertNull(CallSites.describe(Long.MAX_VALUE));
    }

    @Test
    void theCallerIsTheInnermostFrameOutsideTheRuntimePackages() {
        long site = Caller.enterRuntime();
        String described = CallSites.describe(site);
        assertTrue(described.startsWith("com.example.user.Caller.enterRuntime(Caller.java:"), described);
        assertEquals(site, Caller.enterRuntime(), "the same place, the same token");
    }
}
