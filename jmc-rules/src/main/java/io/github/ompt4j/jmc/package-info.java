/**
 * OpenMP rules for JDK Mission Control's automated analysis, over the {@code ompt.*} events of
 * {@code jfr-events}: {@link io.github.ompt4j.jmc.LoadImbalanceRule} (team members' work differs),
 * {@link io.github.ompt4j.jmc.BarrierWaitRule} (time lost waiting at barriers) and
 * {@link io.github.ompt4j.jmc.LockContentionRule} (the mutex threads waited for most, by wait ID).
 *
 * <p><b>How JMC finds them.</b> JMC's {@code RuleRegistry} loads {@code IRule}s with {@code ServiceLoader}
 * through the class loader of its rules library; this jar lists ours in
 * {@code META-INF/services/org.openjdk.jmc.flightrecorder.rules.IRule}. On a class path (JMC's
 * {@code JfrRulesReport}, any program on JMC's core libraries) putting the jar beside JMC's is all it takes.
 * The jar is also an OSGi fragment of {@code org.openjdk.jmc.flightrecorder.rules}, which is how the desktop
 * application could see it (its {@code dropins} folder); the desktop application is not available on the
 * build machines, so that path is untested.
 *
 * <p><b>Shape.</b> Each rule reads the events it needs into plain spans ({@link io.github.ompt4j.jmc.OmptItems})
 * and computes on those with static, separately tested methods; severities come from two percentage limits,
 * preferences a JMC user can change. The numbers (team time, imbalance, mutex wait time, contention) are those
 * the note of {@code io.github.ompt4j.jfr} defines, which the {@code report} command computes too
 * ({@code SameNumbersTest} compares them on one recording). The rules need only what the default
 * {@code ompt.jfc} and {@code ompt-profile.jfc} record: the lock rule takes the traced mutex waits
 * ({@code ompt.MutexAcquire}) when there are any, else the {@code ompt.ThreadState} samples of waiting threads.
 * JMC's core libraries are {@code provided}: this jar carries only our classes and never goes into the agent.
 * The event names the rules read ({@code OmptItems}) are the event classes' {@code NAME} constants, which the
 * compiler copies in ({@code jfr-events} is {@code provided} too): a new event type a rule reads is a constant
 * there.
 */
package io.github.ompt4j.jmc;
