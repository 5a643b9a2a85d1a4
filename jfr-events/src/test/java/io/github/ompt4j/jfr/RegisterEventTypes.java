package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.OmptEventTypes;
import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;

/** A program that only registers our event types, so that a recording started on its command line lists their settings. */
public final class RegisterEventTypes {
    private RegisterEventTypes() {
    }

    public static void main(String[] args) throws InterruptedException {
        for (Class<? extends Event> type : OmptEventTypes.ALL) {
            FlightRecorder.register(type);
        }
        // Give JFR a moment to emit the settings of the types registered after the recording started.
        Thread.sleep(200);
    }
}
