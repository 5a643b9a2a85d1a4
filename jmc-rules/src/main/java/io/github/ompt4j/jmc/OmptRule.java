package io.github.ompt4j.jmc;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RunnableFuture;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.unit.IQuantity;
import org.openjdk.jmc.common.unit.UnitLookup;
import org.openjdk.jmc.common.util.IPreferenceValueProvider;
import org.openjdk.jmc.common.util.TypedPreference;
import org.openjdk.jmc.flightrecorder.rules.IResult;
import org.openjdk.jmc.flightrecorder.rules.IResultValueProvider;
import org.openjdk.jmc.flightrecorder.rules.IRule;
import org.openjdk.jmc.flightrecorder.rules.ResultBuilder;
import org.openjdk.jmc.flightrecorder.rules.Severity;
import org.openjdk.jmc.flightrecorder.rules.TypedResult;
import org.openjdk.jmc.flightrecorder.rules.util.RulesToolkit.EventAvailability;

/**
 * What the OpenMP rules share: an evaluation that runs {@link #evaluate} as a future, severities from two
 * percentage limits the user can change in JMC's rule preferences, and results built the JMC way. JMC's rules
 * engine skips a rule (with a note on what to record) when its required events are missing, so
 * {@link #evaluate} sees only recordings that have them.
 */
abstract class OmptRule implements IRule {
    private final String id;
    private final String name;
    private final String topic;
    private final Map<String, EventAvailability> requiredEvents;
    final TypedPreference<IQuantity> infoLimit;
    final TypedPreference<IQuantity> warningLimit;

    OmptRule(String id, String name, String topic, Map<String, EventAvailability> requiredEvents, double infoPercent,
            double warningPercent, String limitOf) {
        this.id = id;
        this.name = name;
        this.topic = topic;
        this.requiredEvents = requiredEvents;
        this.infoLimit = new TypedPreference<>(id + ".info", "Information limit",
                "The " + limitOf + " from which the rule reports information", UnitLookup.PERCENTAGE.getPersister(),
                UnitLookup.PERCENT.quantity(infoPercent));
        this.warningLimit = new TypedPreference<>(id + ".warning", "Warning limit",
                "The " + limitOf + " from which the rule warns", UnitLookup.PERCENTAGE.getPersister(),
                UnitLookup.PERCENT.quantity(warningPercent));
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getTopic() {
        return topic;
    }

    @Override
    public Map<String, EventAvailability> getRequiredEvents() {
        return requiredEvents;
    }

    @Override
    public Collection<TypedPreference<?>> getConfigurationAttributes() {
        return List.of(infoLimit, warningLimit);
    }

    @Override
    public Collection<TypedResult<?>> getResults() {
        return List.of();
    }

    @Override
    public RunnableFuture<IResult> createEvaluation(IItemCollection items, IPreferenceValueProvider preferences,
            IResultValueProvider dependencyResults) {
        IPreferenceValueProvider prefs = preferences == null ? IPreferenceValueProvider.DEFAULT_VALUES : preferences;
        return new FutureTask<>(() -> evaluate(items, prefs));
    }

    abstract IResult evaluate(IItemCollection items, IPreferenceValueProvider preferences);

    /** OK, INFO or WARNING for a fraction, by the rule's two limits. */
    Severity severity(double fraction, IPreferenceValueProvider preferences) {
        if (fraction >= limit(warningLimit, preferences)) {
            return Severity.WARNING;
        }
        return fraction >= limit(infoLimit, preferences) ? Severity.INFO : Severity.OK;
    }

    private static double limit(TypedPreference<IQuantity> preference, IPreferenceValueProvider preferences) {
        return preferences.getPreferenceValue(preference).doubleValueIn(UnitLookup.PERCENT_UNITY);
    }

    IResult result(IPreferenceValueProvider preferences, Severity severity, String summary, String explanation,
            String solution) {
        return ResultBuilder.createFor(this, preferences).setSeverity(severity).setSummary(summary)
                .setExplanation(explanation).setSolution(solution).build();
    }

    /** Time threads spent in implicit tasks: the denominator of every share these rules report. */
    static long teamTime(List<OmptItems.Span> implicitTasks) {
        long total = 0;
        for (OmptItems.Span s : implicitTasks) {
            total += s.duration();
        }
        return total;
    }
}
