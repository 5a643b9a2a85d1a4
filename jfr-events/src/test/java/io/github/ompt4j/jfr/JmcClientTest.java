package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.ControlEvent;
import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmc.common.IDescribable;
import org.openjdk.jmc.common.item.Aggregators;
import org.openjdk.jmc.common.item.Attribute;
import org.openjdk.jmc.common.item.IAccessorKey;
import org.openjdk.jmc.common.item.IAttribute;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.item.IItemIterable;
import org.openjdk.jmc.common.item.IType;
import org.openjdk.jmc.common.item.ItemFilters;
import org.openjdk.jmc.common.unit.UnitLookup;
import org.openjdk.jmc.flightrecorder.JfrLoaderToolkit;
import org.openjdk.jmc.flightrecorder.internal.EventArray;
import org.openjdk.jmc.flightrecorder.internal.FlightRecordingLoader;
import org.openjdk.jmc.flightrecorder.rules.Severity;
import org.openjdk.jmc.flightrecorder.rules.report.JfrRulesReport;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * JDK Mission Control's own parser and rules engine (the core libraries behind the desktop application) on a
 * recording of a simulated run: types with labels and descriptions, attributes with content types, the
 * OpenMP category tree, joins by ID, and the automated-analysis report.
 */
class JmcClientTest {
    private static final SimulatedRun RUN = new SimulatedRun();
    private static final IAttribute<Number> PARALLEL_ID = Attribute.attr("parallelId", "Parallel Region ID",
            UnitLookup.RAW_NUMBER);
    private static final IAttribute<Number> TASK_ID = Attribute.attr("taskId", "Task ID", UnitLookup.RAW_NUMBER);
    private static final IAttribute<Number> PARENT_TASK_ID = Attribute.attr("parentTaskId", "Parent Task ID",
            UnitLookup.RAW_NUMBER);
    private static Path file;
    private static IItemCollection items;

    @BeforeAll
    static void record() throws Exception {
        // JMC 9.1.2 warns about fields of newer JDKs' thread type; not ours to fix.
        Logger.getLogger("org.openjdk.jmc").setLevel(Level.SEVERE);
        file = RecordingTool.record(RUN::run);
        items = JfrLoaderToolkit.loadEvents(file.toFile());
    }

    @AfterAll
    static void delete() throws Exception {
        RecordingTool.delete(file);
    }

    private static IType<?> type(String id) {
        for (IItemIterable iterable : items) {
            if (iterable.getType().getIdentifier().equals(id)) {
                return iterable.getType();
            }
        }
        throw new AssertionError(id + " not in the recording");
    }

    @Test
    void typesHaveLabelsDescriptionsAndAttributesWithContentTypes() {
        IType<?> region = type(ParallelRegionEvent.NAME);
        assertEquals("Parallel Region", region.getName());
        assertTrue(region.getDescription().startsWith("A parallel region, from the fork to the join"));
        Map<String, String> contentTypes = new HashMap<>();
        Map<String, String> labels = new HashMap<>();
        for (Map.Entry<IAccessorKey<?>, ? extends IDescribable> e : region.getAccessorKeys().entrySet()) {
            contentTypes.put(e.getKey().getIdentifier(), e.getKey().getContentType().getIdentifier());
            labels.put(e.getKey().getIdentifier(), e.getValue().getName());
        }
        assertEquals("raw number", contentTypes.get("parallelId"), "a plain long: an ID, not a quantity");
        assertEquals("Encountering Task ID", labels.get("encounteringTaskId"));
        assertEquals("text", contentTypes.get("callSite"));
        assertEquals("timespan", contentTypes.get("duration"));
        assertEquals("thread", contentTypes.get("eventThread"));
    }

    @Test
    void eventTypesSitInTheOpenMpCategoryTree() throws Exception {
        Map<String, String[]> categories = new HashMap<>();
        try (InputStream in = Files.newInputStream(file)) {
            for (EventArray array : FlightRecordingLoader.loadStream(in, false, false).getArrays()) {
                categories.put(array.getType().getIdentifier(), array.getTypeCategory());
            }
        }
        assertArrayEquals(new String[] {"OpenMP", "Regions"}, categories.get(ParallelRegionEvent.NAME));
        assertArrayEquals(new String[] {"OpenMP", "Tasks"}, categories.get(ImplicitTaskEvent.NAME));
        assertArrayEquals(new String[] {"OpenMP", "Synchronization"}, categories.get(SyncRegionWaitEvent.NAME));
        assertArrayEquals(new String[] {"OpenMP", "Worksharing"}, categories.get(WorkEvent.NAME));
        assertArrayEquals(new String[] {"OpenMP", "Threads"}, categories.get(IdleEvent.NAME));
        assertArrayEquals(new String[] {"OpenMP"}, categories.get(ControlEvent.NAME));
    }

    @Test
    void regionTaskAndParentTaskJoinByTheirIds() {
        IItemCollection members = items.apply(ItemFilters.and(ItemFilters.type(ImplicitTaskEvent.NAME),
                ItemFilters.equals(PARALLEL_ID, RUN.regionId)));
        assertEquals(2, members.getAggregate(Aggregators.count()).longValue());
        IItemCollection children = items.apply(ItemFilters.and(ItemFilters.type(TaskEvent.NAME),
                ItemFilters.equals(PARENT_TASK_ID, RUN.masterImplicitTaskId)));
        assertEquals(1, children.getAggregate(Aggregators.count()).longValue());
        IItemCollection master = items.apply(ItemFilters.and(ItemFilters.type(ImplicitTaskEvent.NAME),
                ItemFilters.equals(TASK_ID, RUN.masterImplicitTaskId)));
        assertEquals(1, master.getAggregate(Aggregators.count()).longValue());
    }

    @Test
    void theAutomatedAnalysisReportRunsWithoutErrors() throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        Element root = doc.createElement("reportcollection");
        doc.appendChild(root);
        JfrRulesReport.addReport(file.toString(), Severity.NA, true, root);
        assertEquals(0, doc.getElementsByTagName("error").getLength(), "no rule failed on our recording");
        assertTrue(doc.getElementsByTagName("rule").getLength() > 50, "JMC's own rules ran");
    }
}
