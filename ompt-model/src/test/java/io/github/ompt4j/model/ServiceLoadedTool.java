package io.github.ompt4j.model;

/** A tool found through {@code META-INF/services}; it registers {@code thread_begin} and prints it. */
public final class ServiceLoadedTool implements OmptTool {
    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
        set.setCallback(OmptEvent.THREAD_BEGIN, (OmptCallback.ThreadType) (type, id) ->
                System.out.println("service-loaded tool saw " + type.ompName() + " " + id));
        System.out.println("service-loaded tool initialized by " + runtimeVersion + ", OMPT " + omptVersion);
    }
}
