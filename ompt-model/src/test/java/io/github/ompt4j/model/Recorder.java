package io.github.ompt4j.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** A test tool: registers what its setup asks for and records one string per event it receives. */
class Recorder implements OmptTool {
    final List<String> events = new ArrayList<>();
    final List<Integer> setResults = new ArrayList<>();
    private final Consumer<Recorder> setup;
    OmptLookup lookup;
    OmptApi.SetCallback set;
    int initializations;

    Recorder(Consumer<Recorder> setup) {
        this.setup = setup;
    }

    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        initializations++;
        this.lookup = lookup;
        this.set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
        setup.accept(this);
    }

    int register(OmptEvent event, OmptCallback callback) {
        int result = set.setCallback(event, callback);
        setResults.add(result);
        return result;
    }

    synchronized void record(String event) {
        events.add(event);
    }

    synchronized List<String> events() {
        return new ArrayList<>(events);
    }
}
