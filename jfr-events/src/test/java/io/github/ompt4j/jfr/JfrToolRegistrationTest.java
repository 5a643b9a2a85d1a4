package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.TaskCreateEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import jdk.jfr.Event;
import org.junit.jupiter.api.Test;

/** The tool registers exactly the callbacks its enabled event types need, each with the event's signature. */
class JfrToolRegistrationTest {

    private static Map<OmptEvent, OmptCallback> register(JfrTool tool) {
        Map<OmptEvent, OmptCallback> registered = new EnumMap<>(OmptEvent.class);
        tool.initialize(name -> {
            switch (name) {
                case "ompt_set_callback":
                    return (OmptApi.SetCallback) (event, callback) -> {
                        registered.put(event, callback);
                        return event.signature().isInstance(callback) ? 4 : 0;
                    };
                case "ompt_get_task_info":
                    return (OmptApi.GetTaskInfo) (level, info) -> false;
                case "ompt_get_state":
                    return (OmptApi.GetState) waitId -> 0;
                default:
                    return null;
            }
        }, "test", 2);
        return registered;
    }

    @Test
    void theDefaultSettingsLeaveOutTheCostlyCallbacks() {
        JfrTool tool = new JfrTool(JfrSettings.resolve(JfrSettings.DEFAULT));
        Set<Class<? extends Event>> types = tool.types();
        assertTrue(types.contains(ParallelRegionEvent.class) && types.contains(ImplicitTaskEvent.class));
        assertFalse(types.contains(TaskEvent.class) || types.contains(TaskCreateEvent.class), "per-task events are off");
        assertFalse(types.contains(MutexAcquireEvent.class) || types.contains(MutexHeldEvent.class), "mutexes are off");
        Map<OmptEvent, OmptCallback> registered = register(tool);
        for (OmptEvent costly : new OmptEvent[] {OmptEvent.TASK_BEGIN, OmptEvent.TASK_SWITCH, OmptEvent.TASKWAIT_BEGIN,
            OmptEvent.TASKGROUP_BEGIN, OmptEvent.WAIT_LOCK, OmptEvent.WAIT_CRITICAL, OmptEvent.ACQUIRED_LOCK,
            OmptEvent.RELEASE_LOCK, OmptEvent.DISPATCH}) {
            assertFalse(registered.containsKey(costly), costly.ompName());
        }
        assertTrue(registered.keySet().containsAll(Set.of(OmptEvent.PARALLEL_BEGIN, OmptEvent.PARALLEL_END,
                OmptEvent.IMPLICIT_TASK_BEGIN, OmptEvent.IMPLICIT_TASK_END, OmptEvent.WAIT_BARRIER_BEGIN,
                OmptEvent.WAIT_TASKWAIT_BEGIN, OmptEvent.BARRIER_BEGIN, OmptEvent.REDUCTION_BEGIN, OmptEvent.IDLE_BEGIN,
                OmptEvent.INIT_LOCK)));
    }

    @Test
    void everyCallbackHasItsEventsSignatureAndTheProfileRegistersTheRest() {
        Map<String, String> settings = JfrSettings.resolve(JfrSettings.PROFILE);
        Map<OmptEvent, OmptCallback> registered = register(new JfrTool(settings));
        registered.forEach((event, callback) -> assertTrue(event.signature().isInstance(callback), event.ompName()));
        // Task creations for the origins of serial code's tasks; task dependences only when asked for.
        assertTrue(registered.keySet().containsAll(Set.of(OmptEvent.TASK_BEGIN, OmptEvent.TASK_SWITCH, OmptEvent.TASKWAIT_BEGIN,
                OmptEvent.DISPATCH)));
        assertFalse(registered.containsKey(OmptEvent.TASK_DEPENDENCE_PAIR));
        for (OmptEvent perAcquisition : new OmptEvent[] {OmptEvent.WAIT_LOCK, OmptEvent.ACQUIRED_LOCK,
            OmptEvent.RELEASE_LOCK, OmptEvent.WAIT_CRITICAL}) {
            assertFalse(registered.containsKey(perAcquisition), "the profile samples mutex waits: " + perAcquisition);
        }

        settings.put("ompt.MutexAcquire#enabled", "true");
        Set<OmptEvent> traced = register(new JfrTool(settings)).keySet();
        assertTrue(traced.containsAll(Set.of(OmptEvent.WAIT_LOCK, OmptEvent.WAIT_NEST_LOCK, OmptEvent.WAIT_ORDERED,
                OmptEvent.ACQUIRED_LOCK, OmptEvent.ACQUIRED_NEST_LOCK_FIRST)), traced.toString());
        assertFalse(traced.contains(OmptEvent.RELEASE_LOCK), "a traced wait names its holder from the runtime's holds");

        settings.put("ompt.MutexHeld#enabled", "true");
        assertTrue(register(new JfrTool(settings)).keySet().containsAll(Set.of(OmptEvent.RELEASE_LOCK,
                OmptEvent.RELEASE_NEST_LOCK_LAST, OmptEvent.RELEASE_CRITICAL)), "timed holds end at the release");
    }

    @Test
    void noEventTypeNoCallbacks() {
        assertEquals(Set.of(), JfrBinding.callbacksFor(Set.of()));
    }

    @Test
    void eachTypeAloneRegistersSomething() {
        for (Class<? extends Event> type : OmptEventTypes.ALL) {
            Set<OmptEvent> events = JfrBinding.callbacksFor(Set.of(type));
            // Not called back: sampled, and reported by the model's hooks.
            if (type != io.github.ompt4j.jfr.events.ThreadStateEvent.class
                    && type != io.github.ompt4j.jfr.events.VirtualThreadMountEvent.class) {
                assertFalse(events.isEmpty(), OmptEventTypes.nameOf(type));
            }
        }
    }
}
