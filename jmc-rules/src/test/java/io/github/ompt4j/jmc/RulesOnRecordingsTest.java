package io.github.ompt4j.jmc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmc.flightrecorder.rules.IRule;
import org.openjdk.jmc.flightrecorder.rules.RuleRegistry;
import org.openjdk.jmc.flightrecorder.rules.Severity;
import org.openjdk.jmc.flightrecorder.rules.report.JfrRulesReport;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The rules as JMC runs them: found by ServiceLoader, evaluated by JMC's report on recordings of simulated runs
 * that have each problem and that do not. The problems are made large (a member idle for a whole 150 ms
 * region, a lock held for 100 ms of it) so that the verdicts do not depend on how busy the machine is.
 */
class RulesOnRecordingsTest {
    private static final String IMBALANCE = "OpenMpLoadImbalance";
    private static final String BARRIER = "OpenMpBarrierWait";
    private static final String LOCKS = "OpenMpLockContention";

    @BeforeAll
    static void quietJmc() {
        // JMC 9.1.2 warns about fields of newer JDKs' thread type; not ours to fix.
        Logger.getLogger("org.openjdk.jmc").setLevel(Level.SEVERE);
    }

    /** JMC's report on {@code file}: rule ID to {severity, summary}. */
    private static Map<String, String[]> report(Path file) throws Exception {
        try {
            Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
            Element root = doc.createElement("reportcollection");
            doc.appendChild(root);
            JfrRulesReport.addReport(file.toString(), Severity.NA, false, root);
            assertEquals(0, doc.getElementsByTagName("error").getLength(), "no rule failed");
            Map<String, String[]> results = new HashMap<>();
            NodeList rules = doc.getElementsByTagName("rule");
            for (int i = 0; i < rules.getLength(); i++) {
                Element rule = (Element) rules.item(i);
                results.put(text(rule, "id"), new String[] {text(rule, "severity"), text(rule, "summary")});
            }
            return results;
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent();
    }

    private static void assertSeverity(Severity expected, Map<String, String[]> report, String rule) {
        String[] result = report.get(rule);
        assertTrue(result != null, rule + " is in the report");
        assertEquals(expected.getLocalizedName(), result[0], rule + ": " + result[1]);
    }

    @Test
    void jmcFindsTheRulesThroughServiceLoader() {
        assertTrue(RuleRegistry.getRules().stream().map(IRule::getId).collect(Collectors.toSet())
                .containsAll(java.util.Set.of(IMBALANCE, BARRIER, LOCKS)));
    }

    @Test
    void aMemberWithNothingToDoIsImbalanceAndALongBarrierWait() throws Exception {
        Map<String, String[]> report = report(Simulation.record(() -> Simulation.region(
                (t, n) -> Simulation.sleep(150),
                (t, n) -> { })));
        assertSeverity(Severity.WARNING, report, IMBALANCE);
        assertTrue(report.get(IMBALANCE)[1].contains("com.example.Grid.relax(Grid.java:88)"), report.get(IMBALANCE)[1]);
        assertSeverity(Severity.WARNING, report, BARRIER);
    }

    @Test
    void membersThatWorkAlikeAreBalancedAndBarelyWait() throws Exception {
        Map<String, String[]> report = report(Simulation.record(() -> Simulation.region(
                (t, n) -> Simulation.sleep(150),
                (t, n) -> Simulation.sleep(150))));
        assertSeverity(Severity.OK, report, IMBALANCE);
        assertSeverity(Severity.OK, report, BARRIER);
    }

    private static void takeLock(OmptThread t, long lock, long waitMillis) {
        OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, lock, 0, OmptLockImpl.OMP_LOCK.code(), 0, true);
        if (waitMillis > 0) {
            Simulation.sleep(waitMillis);
        }
        OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, lock);
        OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, lock, 0);
    }

    @Test
    void aLockOneThreadWaitsForMostOfTheRegionIsContention() throws Exception {
        long lock = 4242;
        Map<String, String[]> report = report(Simulation.record(() -> Simulation.region(
                (t, n) -> {
                    OmptRuntime.lockInit(t, OmptMutexKind.LOCK, lock, 0, OmptLockImpl.OMP_LOCK,
                            io.github.ompt4j.model.CallSites.token("com.example.Bank", "<init>", "Bank.java", 9));
                    takeLock(t, lock, 0);
                    Simulation.sleep(150);
                },
                (t, n) -> takeLock(t, lock, 150))));
        assertSeverity(Severity.WARNING, report, LOCKS);
        assertTrue(report.get(LOCKS)[1].contains("lock 4242 created at com.example.Bank.&lt;init&gt;(Bank.java:9)")
                || report.get(LOCKS)[1].contains("lock 4242 created at com.example.Bank.<init>(Bank.java:9)"),
                report.get(LOCKS)[1]);
    }

    /**
     * A hundred acquisitions without a wait: each a MutexAcquire of a microsecond or less. The region is long
     * (0.5 s a member) so that one stall of the machine while an acquisition is open (a GC, the first
     * commit of the event type) stays far below the rule's 2 % limit (20 ms).
     */
    @Test
    void locksTakenWithoutWaitingAreNoContention() throws Exception {
        Map<String, String[]> report = report(Simulation.record(() -> Simulation.region(
                (t, n) -> {
                    for (int i = 0; i < 100; i++) {
                        takeLock(t, 77, 0);
                    }
                    Simulation.sleep(500);
                },
                (t, n) -> Simulation.sleep(500))));
        assertSeverity(Severity.OK, report, LOCKS);
    }

    /** The default settings and the profiling ones trace no mutex wait: the state samples see them. */
    @Test
    void withoutMutexEventsTheLockRuleJudgesFromStateSamples() throws Exception {
        Map<String, String[]> report = report(Simulation.record(() -> Simulation.region(
                (t, n) -> takeLock(t, 78, 200),
                (t, n) -> Simulation.sleep(200)), MutexAcquireEvent.NAME));
        assertSeverity(Severity.WARNING, report, LOCKS);
        assertTrue(report.get(LOCKS)[1].matches("Threads waited [\\d.]+ ms \\(\\d+ % of their time in parallel regions\\)"
                + " for lock 78, seen by \\d+ state samples\\."), report.get(LOCKS)[1]);
    }
}
