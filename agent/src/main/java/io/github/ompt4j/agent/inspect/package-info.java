/**
 * The agent's live side: {@code attach <pid>} (load the agent into a running JVM, ask its status, stop its
 * recording) and {@code inspect <pid>} (read the OpenMP model of a running JVM), both through the platform
 * MXBean the agent publishes ({@code OmptMBean}). Every value the MBean serves is open data, so JMC's MBean
 * browser and {@code jconsole} read it without our classes; the commands answer in text or JSON and say a
 * handle that is no longer live in the answer, never as a stack trace.
 */
package io.github.ompt4j.agent.inspect;
